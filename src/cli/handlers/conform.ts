/** What `hordelab conform` does; its flags and help are declared in `../commands/conform.ts`. */
import { join } from 'node:path';
import { UsageError, type InputIssue } from '../../core/errors.js';
import type { AnyGame } from '../../core/game.js';
import { MAX_RUN_SEED } from '../../core/rng.js';
import { formatPath, parameterIssuesOf, parseParameters } from '../../core/parameters.js';
import { checkConformanceYielding } from '../../conform/conformance.js';
import { formatConformance } from '../../conform/conformance-text.js';
import { agents } from '../../registry.js';
import { resolveGame } from '../../scenario/resolve-game.js';
import { parseAssignment, setFlagsText, setPath } from '../../scenario/scenario.js';
import type { CliIo, ParsedArguments } from '../command.js';
import { assignments } from '../set-assignments.js';
import { formatDuration } from '../progress.js';
import { copyOfData, paramsFor } from '../../core/game-params.js';
import { deepFreeze } from '../../core/read-only.js';

/** Small budgets, so every registered agent can think at every decision of the no-peeking check. */
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

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
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
  // Between playouts the loop turns, so Ctrl-C and SIGTERM stop the suite (cli.ts's handler: exit 130).
  const report = await checkConformanceYielding(game, params, {
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

