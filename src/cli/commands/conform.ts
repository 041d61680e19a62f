/**
 * `hordelab conform <game>`: the conformance suite (`src/conform/`) on a built-in game or a game
 * module, with a report per property and the seed and step of every problem found.
 */
import { join } from 'node:path';
import { UsageError, type InputIssue } from '../../core/errors.js';
import type { AnyGame } from '../../core/game.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { MAX_RUN_SEED } from '../../core/rng.js';
import { formatPath, parameterIssuesOf, parseParameters } from '../../core/parameters.js';
import { checkConformance } from '../../conform/conformance.js';
import { formatConformance } from '../../conform/conformance-text.js';
import { agents } from '../../registry.js';
import { resolveGame } from '../../scenario/resolve-game.js';
import { parseAssignment, setFlagsText, setPath } from '../../scenario/scenario.js';
import type { CliIo, CommandModule, ParsedArguments } from '../command.js';
import { assignments, jsonOption, setOption } from '../common-options.js';
import { formatDuration } from '../progress.js';
import { copyOfData, paramsFor } from '../../core/game-params.js';
import { deepFreeze } from '../../core/read-only.js';

/** Small budgets, so every registered agent can think at every decision of the no-peeking check. */
/** How long one playout may run by default: the built-in games' take milliseconds. */
const DEFAULT_PLAYOUT_SECONDS = 60;

const AGENT_CONFIGS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = { mcts: { iterations: 60 } };

/** The game's parameters: defaults, then each `--set`. @throws UsageError naming the `--set`. */
function conformParameters(game: AnyGame, sets: readonly string[]): unknown {
  const raw: Record<string, unknown> = {};
  const setBy = new Map<string, string>();
  for (const assignment of sets) {
    const { path, value } = parseAssignment(assignment);
    const top = path[0] as string;
    if (!Object.hasOwn(game.parameters, top)) {
      const known = Object.keys(game.parameters);
      throw new UsageError([{ source: `--set ${assignment}`, field: top, message: `no such parameter; expected one of: ${known.length === 0 ? '(the game has none)' : known.join(', ')}` }]);
    }
    if (path.length > 1 && raw[top] === undefined) raw[top] = structuredClone((game.parameters as Record<string, { default: unknown }>)[top]?.default);
    setPath(raw, path, value);
    setBy.set(top, assignment);
  }
  // A problem of the parameters as a whole (two that must agree) is every --set's, or the defaults'.
  const whole = setBy.size === 0 ? '<game>' : setFlagsText(setBy);
  const where = (path: readonly (string | number)[]): { source: string; field: string } =>
    path.length === 0 ? { source: whole, field: 'params' } : { source: `--set ${setBy.get(String(path[0])) ?? ''}`, field: formatPath(path) };
  const parsed = parseParameters(game.parameters, raw);
  if (!parsed.ok) throw new UsageError(parsed.issues.map((issue): InputIssue => ({ ...where(issue.path), message: issue.message })));
  // Frozen, as a scenario's are; the game's functions get copies (see game-params.ts).
  const params = deepFreeze(copyOfData(parsed.params));
  const problems = parameterIssuesOf(game, paramsFor(game, params));
  if (problems.length > 0) throw new UsageError(problems.map((issue): InputIssue => ({ ...where(issue.path), message: issue.message })));
  return params;
}

async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const spec = args.required('game');
  const playouts = args.number('playouts') as number;
  const seed = args.number('seed') as number;
  // Playout i plays seed + i: the last must be a seed too.
  if (seed > MAX_RUN_SEED - (playouts - 1)) {
    throw new UsageError([{ source: '--seed', field: '', message: `expected at most ${MAX_RUN_SEED - (playouts - 1)} with --playouts ${playouts} (playout i plays seed + i, and seeds go up to ${MAX_RUN_SEED}), got ${seed}` }]);
  }
  const sets = assignments(args);
  // A module path on the command line is read from the working folder.
  const { game } = await resolveGame(spec, join(io.cwd, '(command line)'), { source: '<game>', field: '' });
  const params = conformParameters(game, sets);
  const playoutSeconds = args.number('playout-time') as number;
  const began = io.now();
  const report = checkConformance(game, params, {
    playouts,
    seed,
    agents: args.flag('agents') ? [...agents.values()].filter((factory) => factory.playsOnly === undefined || factory.playsOnly.game === game.id) : [],
    agentConfigs: AGENT_CONFIGS,
    ...(playoutSeconds === 0 ? {} : { playoutTimeMs: playoutSeconds * 1000 }),
    clock: () => io.now(),
    // The suite runs in this thread, so no timer could fire: it says where it is from within.
    onProgress: (playout, total, step) => io.stderr.write(`hordelab: conform: playout ${playout} of ${total}, at step ${step}, after ${formatDuration((io.now() - began) / 1000)}\n`),
  });
  io.stdout.write(args.flag('json') ? `${JSON.stringify(report, null, 2)}\n` : formatConformance(report, { gameArgument: spec, assignments: sets }));
  return report.ok ? 0 : 1;
}

/** `hordelab conform`. */
export const conformCommand: CommandModule = {
  name: 'conform',
  summary: 'Check that a game (a built-in id or a game module) keeps the game contract, through seeded random playouts',
  positionals: [{ name: 'game', describe: 'A built-in game id (hordelab games lists them) or a game module path such as ./my-game.mjs' }],
  options: {
    playouts: { type: 'number', alias: 'p', bound: BOUNDS.playouts, default: 24, placeholder: 'N', describe: 'Random playouts, each to a terminal state' },
    seed: { type: 'number', alias: 's', bound: BOUNDS.seed, default: 1, describe: 'The first playout\'s seed; playout i uses seed + i. A problem names its seed: --seed S --playouts 1 replays it (one found across playouts names the --playouts that meet both states)' },
    set: { ...setOption, describe: 'Check under a parameter value other than the default (value in YAML: --set length=20), repeatable' },
    agents: {
      type: 'boolean',
      default: true,
      negatable: true,
      describe: 'Hidden-information games: check that every registered agent decides alike on the true state and on a re-sampled one (no peeking)',
    },
    'playout-time': {
      type: 'number',
      bound: BOUNDS.playoutTime,
      default: DEFAULT_PLAYOUT_SECONDS,
      placeholder: 'SECONDS',
      describe: 'Seconds one playout may run before it fails "terminates", naming its seed (a game that never ends, or a very slow one; a call into the game that never returns is stopped a second later); 0 for no limit',
    },
    json: jsonOption,
  },
  epilogue:
    'Properties: playouts end within maxLength; the same seed plays the same trajectory; clone shares no mutable part; legal actions are\n' +
    'non-empty, unique by actionKey and in an order the state decides; chance outcomes have positive probabilities summing to 1 and\n' +
    'sampleChance draws each as often as they say; returns and heuristic stay within utilityBounds; apply of a legal action never\n' +
    'throws; hidden-information games: observations and determinizations read nothing hidden (two states a seat sees alike, met in\n' +
    'any playouts, must determinize alike), and agents do not peek.\n' +
    'Clones, observations, the heuristic and every legal action applied are checked at the first state and every 7th step, at a phase\n' +
    "each playout's seed moves. Chance sampling is tested at the first node of each outcome list and at one node of each playout,\n" +
    'drawn at random over the whole playout: more playouts test more nodes. Each outcome gets an exact binomial test, and a correct\n' +
    'sampler fails any of them with probability at most 0.5%; a slight bias can pass (see the README).\n' +
    'A playout still going prints where it is on stderr every 30 s.\n' +
    'Exit codes: 0 the game conforms; 1 problems found (each printed with its seed, its step where it has one, and the command replaying it); 2 bad input (the game cannot be loaded,\n' +
    'or a --set is not a parameter value).',
  examples: [
    ['hordelab conform ./dice-race.mjs', 'The whole suite on a game module, 24 playouts from seed 1'],
    ['hordelab conform ./dice-race.mjs --seed 7 --playouts 1', 'Replay the one playout a problem named'],
    ['hordelab conform zombie-trainers --set actionPoints=4', 'A built-in game under another parameter value'],
  ],
  run,
};
