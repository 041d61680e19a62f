/**
 * `hordelab cards <scenario> [--deck path@seat]`: the counterfactual value of every card of a
 * deck; writes card-values.json, .csv, .md and .html.
 */
import { BOUNDS } from '../../core/input-bounds.js';
import { loadedOnRun, type CommandModule } from '../command.js';
import { forceOption, jsonOption, quietOption, seedOption, setOption, workersOption, matchTimeoutOption } from '../common-options.js';

/** `hordelab cards`. */
export const cardsCommand: CommandModule = {
  name: 'cards',
  summary: 'The counterfactual value of every card of a deck: the change in its side\'s win rate from one copy fewer and one more, on common seeds',
  positionals: [{ name: 'scenario', describe: 'Scenario file', path: true }],
  options: {
    deck: { type: 'list', placeholder: 'PATH@SEAT', describe: 'A deck parameter and the seat it plays for: decks.plants@1, itemDeck@Humans [default: the scenario\'s cards.decks, else the game\'s decks]' },
    // Two independent units at least for a paired interval (audit 37b: the help said 1..).
    matches: { type: 'number', alias: 'n', bound: { ...BOUNDS.matches, min: 2 }, describe: 'Matches per configuration, at least 2 (4 with rotated seats: two pairs) [default: the scenario\'s cards.matches, else its matches]' },
    seed: { ...seedOption, describe: 'Run seed, shared by every configuration' },
    set: { ...setOption, describe: 'Overrides (key=value) applied to every configuration, as for run' },
    out: { type: 'path', alias: 'o', placeholder: 'DIR', describe: 'Output folder [default: reports/<scenario name>-cards/]; a run folder also takes them, and its report then shows them' },
    force: forceOption,
    workers: workersOption,
    'match-timeout': matchTimeoutOption('the card values stop with exit 1 and that match\'s reproduce line'),
    quiet: quietOption,
    json: jsonOption,
  },
  examples: [
    ['hordelab cards scenarios/duel-deck-balance.yaml -n 2000', 'Every card of both Integer Duel decks'],
    ['hordelab cards scenarios/survivors-survive.yaml --deck itemDeck@Humans -n 400', 'Every Survivors item'],
  ],
  run: loadedOnRun(() => import('../handlers/cards.js')),
};
