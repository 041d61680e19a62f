/**
 * `hordelab ladder <scenario> --levels random,greedy,...`: the scenario's question at several
 * skill levels on common seeds; writes ladder.json, ladder.md, ladder.html and levels/.
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { forceOption, jsonOption, matchesOption, matchTimeoutOption, quietOption, seedOption, setOption, workersOption } from '../common-options.js';

/** `hordelab ladder`. */
export const ladderCommand: CommandModule = {
  name: 'ladder',
  summary: 'Ask a scenario\'s question at several skill levels on common seeds: each headline per level with intervals, and whether its verdict holds',
  positionals: [{ name: 'scenario', describe: 'Scenario file', path: true }],
  options: {
    levels: {
      type: 'list',
      placeholder: 'SPECS',
      describe: 'Skill levels as agent specs, comma-separated: random,greedy,mcts:iterations=300 (a/b: one spec per seat) [default: the scenario\'s ladder:]',
    },
    matches: { ...matchesOption, describe: 'Matches per level [default: the scenario\'s]' },
    seed: { ...seedOption, describe: 'Run seed, shared by every level' },
    set: { ...setOption, describe: 'Game parameter overrides (key=value), as for run; not seat settings (seat1.iterations=7): give those in the level (mcts:iterations=7)' },
    band: { type: 'list', placeholder: 'HEADLINE=LO..HI', describe: 'Also judge whether a headline stays in this band at every level' },
    'chance-share': {
      type: 'boolean',
      describe:
        'Also play each two consecutive levels whose order of skill is known by construction (a level against random, one agent at two iterations budgets) against each other, seats rotated, and report how often the more skilled lost',
    },
    out: { type: 'path', alias: 'o', placeholder: 'DIR', describe: 'Output folder [default: reports/<scenario name>-ladder/]; new, empty or an earlier ladder\'s' },
    force: forceOption,
    workers: workersOption,
    'match-timeout': matchTimeoutOption('the ladder stops with exit 1 and that match\'s reproduce line'),
    quiet: quietOption,
    json: jsonOption,
  },
  examples: [['hordelab ladder scenarios/trainers-first-player.yaml --levels random,greedy,mcts:iterations=300 -n 400', 'Does the first-player verdict survive competent play?']],
  run: loadedOnRun(() => import('../handlers/ladder.js')),
};
