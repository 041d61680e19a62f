/**
 * User agents: a scenario seat may name a module path instead of a built-in agent. The module's
 * default export is either a function `(config, context) => agent` or an object with
 * `create(config, context)` (and optionally `validateConfig(config)` and `description`). An
 * agent is an object with `chooseAction(decision)` returning the index of a legal action.
 *
 * Paths are relative to the scenario file. The module is loaded by its absolute URL, which the
 * factory keeps, so a worker thread can load the same module again.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AgentContext, AgentFactory } from '../core/agent.js';
import type { AnyGame } from '../core/game.js';
import { agentConfig, agentContext, describeThrown } from '../core/match-runner.js';
import { matchSeed, matchStream } from '../core/rng.js';
import { defaultExport, importFailure, notAModuleFile, uncompiledModule } from '../core/user-module.js';
import { isSlipOf } from '../core/did-you-mean.js';

/** Whether a seat's `agent` names a module rather than a built-in id. */
export function isModulePath(agent: string): boolean {
  return agent.startsWith('./') || agent.startsWith('../') || isAbsolute(agent) || /\.(m?js|cjs|m?tsx?|cts)$/.test(agent);
}

type UserFactoryFunction = (config: Readonly<Record<string, unknown>>, context: AgentContext) => unknown;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * An agent factory from what a module exports (or a library caller passes): a function
 * `(config, context) => agent`, or an object with `create(config, context)` and optionally
 * `validateConfig(config)` and `description`. Its id is `label` (a module's path; for a library
 * caller's object, the label run() gives it from its `id` or `name`). Null when it is neither.
 */
export function factoryFromExport(exported: unknown, label: string, moduleUrl?: string): AgentFactory | null {
  const url = moduleUrl === undefined ? {} : { moduleUrl };
  if (typeof exported === 'function') {
    const create = exported as UserFactoryFunction;
    return { id: label, description: `agent module ${label}`, ...url, validateConfig: () => [], create: (config, context) => create(config, context) as ReturnType<AgentFactory['create']> };
  }
  if (typeof exported === 'object' && exported !== null && typeof (exported as { create?: unknown }).create === 'function') {
    const candidate = exported as Partial<AgentFactory> & Pick<AgentFactory, 'create'>;
    const validate = candidate.validateConfig;
    return {
      // A module's agent is its path; a library caller's object is the label run() gives it (its
      // id, kept apart from the registered agents' ids: audit 39c F1).
      id: label,
      description: typeof candidate.description === 'string' ? candidate.description : `agent module ${label}`,
      ...url,
      // A module's validateConfig is user code: its failures are problems of the config it was
      // given, named as such, not internal failures of Hordelab's.
      validateConfig: (config) => {
        if (typeof validate !== 'function') return [];
        let problems: unknown;
        try {
          problems = validate.call(candidate, config);
        } catch (error) {
          return [{ field: '', message: `validateConfig of agent module "${label}" threw: ${describeThrown(error).message}` }];
        }
        // Read once, into plain objects: a getter of what it returned that throws is the module's
        // problem, not an internal failure (review 25c), and one read twice could answer otherwise.
        // By index, with the list's length read once: a list's own every or map (a subclass, an
        // own property) is the module's code too, and answered what it liked (review 25d).
        let copied: { field: string; message: string }[] | null = null;
        let list = false;
        try {
          list = Array.isArray(problems);
          if (list) {
            const entries = problems as readonly unknown[];
            const length = entries.length;
            copied = [];
            for (let index = 0; index < length && copied !== null; index++) {
              const entry = entries[index];
              const field = typeof entry === 'object' && entry !== null ? (entry as { field?: unknown }).field : undefined;
              const message = typeof entry === 'object' && entry !== null ? (entry as { message?: unknown }).message : undefined;
              if (typeof field === 'string' && typeof message === 'string') copied.push({ field, message });
              else copied = null;
            }
          }
        } catch (error) {
          return [{ field: '', message: `validateConfig of agent module "${label}" returned ${list ? 'a list' : 'a value'} that threw as it was read: ${describeThrown(error).message}` }];
        }
        if (copied === null) {
          const got = list ? 'a list with an entry that is not { field, message }' : describe(problems);
          return [{ field: '', message: `validateConfig of agent module "${label}" returned ${got}; expected a list of { field, message } (empty when the config is valid)` }];
        }
        return copied;
      },
      create: (config, context) => candidate.create.call(candidate, config, context),
    };
  }
  return null;
}

/**
 * Where an agent object (with `create`) lacks `validateConfig` but has a function named one or two
 * edits from it (`validateConfg`, `validateconfig`): said, naming it, since its settings would
 * go unchecked, unsaid (a misspelt setting then played the default); null otherwise.
 */
export function misspeltValidateConfig(exported: unknown): string | null {
  if (typeof exported !== 'object' || exported === null) return null;
  const object = exported as Record<string, unknown>;
  if (typeof object['create'] !== 'function' || object['validateConfig'] !== undefined) return null;
  const near = Object.keys(object).find((key) => typeof object[key] === 'function' && isSlipOf(key, 'validateConfig'));
  return near === undefined ? null : `has a function "${near}"; did you mean validateConfig? (as written, its settings go unchecked)`;
}

/** What an agent value is, for messages: "a number", "an object without create". */
export function describeExport(value: unknown): string {
  return value === undefined ? 'nothing' : describe(value);
}

/** Loads an agent module relative to `scenarioFile`; a problem message instead when it cannot. */
export async function loadAgentModule(path: string, scenarioFile: string): Promise<{ factory: AgentFactory } | { problem: string }> {
  const uncompiled = uncompiledModule(path, 'agent module');
  if (uncompiled !== null) return { problem: uncompiled };
  const absolute = isAbsolute(path) ? path : resolve(dirname(scenarioFile), path);
  const notAFile = notAModuleFile(absolute);
  if (notAFile !== null) return { problem: `cannot load agent module "${path}": ${notAFile}` };
  const url = pathToFileURL(absolute).href;
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    return { problem: `cannot load agent module "${path}": ${importFailure(error, absolute)}` };
  }
  const expected = 'expected a default export: a function (config, context) => agent, or an object with create(config, context)';
  // Reading the export runs the module's code (a getter, a proxy): a throw there is the module's
  // problem, said in one line, as a game module's is, not an internal failure of Hordelab's.
  let exported: unknown;
  let factory: AgentFactory | null;
  try {
    exported = defaultExport(loaded);
    const misspelt = misspeltValidateConfig(exported);
    if (misspelt !== null) return { problem: `agent module "${path}" exports an object that ${misspelt}` };
    factory = factoryFromExport(exported, path, url);
  } catch (error) {
    return { problem: `agent module "${path}" threw while its definition was read: ${describeThrown(error).message}` };
  }
  if (factory !== null) return { factory };
  return { problem: `agent module "${path}" exports ${exported === undefined ? 'no default' : describe(exported)}; ${expected}` };
}

/**
 * Builds the agent once, before any match, so a factory that returns the wrong shape fails as bad
 * input rather than mid-run. Returns a problem message, or null.
 */
export function checkAgentShape(
  factory: AgentFactory,
  config: Readonly<Record<string, unknown>>,
  context: { game: AnyGame; params: unknown; seat: number },
): string | null {
  let agent: unknown;
  try {
    // Told what it is told in a match: a module that changes the rules as it is built must not
    // change them before the run.
    // Handed its settings as a match hands them, so this check cannot change what the run plays.
    agent = factory.create(agentConfig(factory, config), agentContext(factory, context.game, context.params, context.seat, matchStream(matchSeed(0, 0), 'shape-check')));
  } catch (error) {
    // A write into its frozen settings: said so, since JavaScript's words name no settings (review 32e).
    const frozen = error instanceof TypeError && /not extensible|read[ -]only|Cannot assign|Cannot delete|Cannot define/.test(error.message) ? "; an agent's settings are frozen (one object for every match): copy them to change them" : '';
    return `agent module "${factory.id}" threw while building an agent: ${describeThrown(error).message}${frozen}`;
  }
  // An async factory builds a promise, which has no chooseAction: said as what it is.
  if (isPromiseLike(agent)) return `agent module "${factory.id}" built a promise (an async factory?); expected it to return an object with chooseAction(decision) at once`;
  let chooseAction: unknown;
  try {
    chooseAction = typeof agent === 'object' && agent !== null ? (agent as { chooseAction?: unknown }).chooseAction : undefined;
  } catch (error) {
    return `agent module "${factory.id}" built an agent that threw when its chooseAction was read: ${describeThrown(error).message}`;
  }
  if (typeof chooseAction !== 'function') {
    return `agent module "${factory.id}" built ${describe(agent)}${typeof agent === 'object' && agent !== null ? ' without chooseAction' : ''}; expected an object with chooseAction(decision) returning a legal action's index`;
  }
  return null;
}


/** Whether `value` is a promise or another thenable (what an async function returns). */
function isPromiseLike(value: unknown): boolean {
  try {
    return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return false;
  }
}
