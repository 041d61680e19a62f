/**
 * `hordelab replay <scenario> --match K`: one match again, exactly as the run played it, turn by
 * turn: decisions, dice, events and the state after each decision; or, with `--html FILE`, as a
 * page to watch, the board drawn at every step.
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { DEFAULT_MATCH_TIMEOUT_SECONDS } from '../../core/limits.js';
import { seedOption, setOption } from '../common-options.js';

/** `hordelab replay`. */
export const replayCommand: CommandModule = {
  name: 'replay',
  summary: 'Replay one match of a scenario turn by turn: decisions, dice, events and the state after each decision; or as a page to watch',
  positionals: [{ name: 'scenario', describe: 'Scenario file (.yaml, .yml or .json)', path: true }],
  options: {
    match: { type: 'number', alias: 'm', required: true, bound: BOUNDS.matchIndex, placeholder: 'K', describe: 'Match index (the match column of matches.csv)' },
    seed: { ...seedOption, describe: 'Run seed, if the run overrode the scenario\'s' },
    set: { ...setOption, describe: 'The same parameter overrides as the run (key=value, repeatable)' },
    pairing: {
      type: 'string',
      placeholder: 'I,J',
      describe: 'A round robin\'s pairing: the positions of its two agents in seats.roundRobin, from 1 (the replay column of a pairing\'s errors.csv gives it) [default: 1,2]',
    },
    html: { type: 'path', placeholder: 'FILE', describe: 'Write the match as a page to watch instead: the board at every step, step/play/jump controls, the event log' },
    'match-timeout': {
      type: 'number',
      bound: BOUNDS.matchTimeout,
      placeholder: 'SECONDS',
      describe: `Seconds the match may run before it is stopped, exit 1 [default: ${DEFAULT_MATCH_TIMEOUT_SECONDS}]; 0 for no limit`,
    },
  },
  examples: [
    ['hordelab replay scenarios/trainers-first-player.yaml --match 42', 'Match 42 of the default run'],
    ['hordelab replay scenarios/trainers-first-player.yaml --match 42 --html match-42.html', 'The same match as a page'],
    ['hordelab replay scenarios/tictactoe-ratings.yaml --match 7 --pairing 2,4', 'Match 7 of a round robin\'s pairing of its second and fourth agents'],
  ],
  run: loadedOnRun(() => import('../handlers/replay.js')),
};
