/**
 * `hordelab sweep <scenario> --vary name=v1,v2,...`: a grid of parameter values and agent
 * settings, every configuration on the same match seeds; writes sweep.csv, sweep.json and
 * sweep.html.
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { forceOption, jsonOption, matchesOption, quietOption, seedOption, setOption, workersOption, matchTimeoutOption } from '../common-options.js';

/** `hordelab sweep`. */
export const sweepCommand: CommandModule = {
  name: 'sweep',
  summary: 'Play a grid of parameter values and agent settings on the same seeds; write sweep.csv, sweep.json and sweep.html',
  positionals: [{ name: 'scenario', describe: 'Scenario file', path: true }],
  options: {
    vary: {
      type: 'list',
      required: true,
      placeholder: 'NAME=V1,V2',
      describe: 'A game parameter (dotted keys allowed) or seatN.setting and its values; a+b=... varies both together; repeat for a grid of at most 10,000 configurations',
    },
    metric: { type: 'list', placeholder: 'PATH', describe: 'Metric path(s) to report [default: the game\'s main win rate]' },
    matches: { ...matchesOption, describe: 'Matches per configuration [default: the scenario\'s]' },
    seed: { ...seedOption, describe: 'Run seed, shared by every configuration' },
    set: { ...setOption, describe: 'Fixed overrides applied to every configuration (key=value)' },
    out: { type: 'path', alias: 'o', placeholder: 'DIR', describe: 'Output folder [default: reports/<scenario name>-sweep/]; new, empty or an earlier sweep\'s' },
    force: forceOption,
    workers: workersOption,
    'match-timeout': matchTimeoutOption('the sweep stops with exit 1 and that match\'s reproduce line'),
    quiet: quietOption,
    json: jsonOption,
  },
  examples: [['hordelab sweep scenarios/trainers-mcts.yaml --vary seat1.iterations+seat2.iterations=100,300,1000 -n 200', 'The first-player edge as play gets stronger']],
  run: loadedOnRun(() => import('../handlers/sweep.js')),
};
