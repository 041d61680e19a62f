/**
 * `hordelab conform <game>`: the conformance suite (`src/conform/`) on a built-in game or a game
 * module, with a report per property and the seed and step of every problem found.
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { jsonOption, setOption } from '../common-options.js';

/** How long one playout may run by default: the built-in games' take milliseconds. */
export const DEFAULT_PLAYOUT_SECONDS = 60;

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
    'throws, and no other function changes the state it is handed (read-only: the first to change it is named); hidden-information\n' +
    'games: observations and determinizations read nothing hidden (two states a seat sees alike, met in any playouts, must\n' +
    'determinize alike), and agents do not peek.\n' +
    'Clones, observations, the heuristic and every legal action applied are checked at the first state and every 7th step, at a phase\n' +
    "each playout's seed moves. Chance sampling is tested at the first node of each outcome list and at one node of each playout,\n" +
    'drawn at random over the whole playout: more playouts test more nodes. Each outcome gets an exact binomial test, and a correct\n' +
    'sampler fails any of them with probability at most 0.5%; a slight bias can pass (see the README).\n' +
    'A playout still going prints where it is on stderr every 30 s. Ctrl-C or SIGTERM stops the suite before the next playout.\n' +
    'Exit codes: 0 the game conforms; 1 problems found (each printed with its seed, its step where it has one, and the command replaying it); 2 bad input (the game cannot be loaded,\n' +
    'or a --set is not a parameter value); 130 interrupted.',
  examples: [
    ['hordelab conform ./dice-race.mjs', 'The whole suite on a game module, 24 playouts from seed 1'],
    ['hordelab conform ./dice-race.mjs --seed 7 --playouts 1', 'Replay the one playout a problem named'],
    ['hordelab conform zombie-trainers --set actionPoints=4', 'A built-in game under another parameter value'],
  ],
  run: loadedOnRun(() => import('../handlers/conform.js')),
};
