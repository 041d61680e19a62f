/**
 * `hordelab tune <scenario> --target ... --space ... --budget N`: successive halving on paired
 * seeds towards metric targets, the winner confirmed on fresh seeds; writes tune.json and the
 * tuned scenario.
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { forceOption, jsonOption, quietOption, seedOption, setOption, workersOption, matchTimeoutOption } from '../common-options.js';

/** The confirmation's default size when --confirm is not given (tune's own default). */
export const DEFAULT_CONFIRM = 2000;

/** `hordelab tune`. */
export const tuneCommand: CommandModule = {
  name: 'tune',
  summary: 'Search parameters so that metrics hit their targets: successive halving on paired seeds, the winner confirmed on fresh seeds',
  positionals: [{ name: 'scenario', describe: 'Scenario file', path: true }],
  options: {
    target: { type: 'list', required: true, placeholder: 'METRIC=VALUE', describe: 'metric=value, such as p1WinRate=0.5; repeatable' },
    space: {
      type: 'list',
      required: true,
      placeholder: 'NAME=RANGE',
      describe: 'name=lo..hi[:step] or name=a,b,c: a parameter (dotted keys, deck counts) or seatN.setting; repeatable',
    },
    budget: { type: 'number', required: true, bound: BOUNDS.budget, describe: 'Matches for the search, all candidates and rounds together' },
    candidates: { type: 'number', bound: BOUNDS.candidates, describe: 'Settings to start from [default: 24; the whole grid when smaller]' },
    confirm: { type: 'number', bound: BOUNDS.budget, describe: `Fresh-seed matches to confirm the winner [default: ${DEFAULT_CONFIRM}, or the last round's if more]` },
    tolerance: { type: 'number', bound: BOUNDS.tolerance, describe: "Band around each target for the reported probability, in the metric's own units: a rate's as a fraction (0.01 is one point), a mean's in its units [default: 0.01]" },
    seed: { ...seedOption, describe: 'Run seed of the search' },
    set: { ...setOption, describe: 'Fixed overrides applied to every candidate (key=value)' },
    out: { type: 'path', alias: 'o', placeholder: 'DIR', describe: 'Output folder [default: reports/<scenario name>-tune/]; new, empty or an earlier tuning\'s' },
    force: forceOption,
    workers: workersOption,
    'match-timeout': matchTimeoutOption('tuning stops with exit 1 and that match\'s reproduce line'),
    resume: { type: 'boolean', describe: 'Continue the search saved in the output folder' },
    quiet: quietOption,
    json: jsonOption,
  },
  examples: [
    [
      'hordelab tune scenarios/trainers-tune-fairness.yaml --target p1WinRate=0.5 --space actionPoints=3..5 --space traps.80=0..3 --budget 16000',
      'Fair starting traps and action points',
    ],
  ],
  run: loadedOnRun(() => import('../handlers/tune.js')),
};
