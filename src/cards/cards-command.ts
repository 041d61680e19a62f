/**
 * The `hordelab cards` command: the counterfactual value of every card of a deck. Exit codes as
 * every command: 0 done, 2 bad input (nothing written), 1 a failed match.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { games } from '../registry.js';
import { loadScenario, type Scenario } from '../scenario/scenario.js';
import { cardValues, type DeckSpec } from './card-values.js';
import { formatCardValues, writeCardValues } from './card-values-output.js';
import { cardValuesPage } from './card-values-page.js';

export interface CardsArguments {
  readonly scenario: string;
  readonly deck: readonly string[];
  readonly matches: string | undefined;
  readonly seed: string | undefined;
  readonly set: readonly string[];
  readonly out: string | undefined;
  readonly workers: string | undefined;
  readonly quiet: boolean;
  readonly json: boolean;
}

function wholeNumber(flag: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) throw new UsageError([{ source: `--${flag}`, field: '', message: `expected a whole number >= ${min}, got "${text}"` }]);
  return value;
}

/** `decks.plants@1` or `decks.plants@Plants`: a parameter path and the seat (1-based, or its name). */
export function parseDeckSpec(text: string, seats: readonly string[]): DeckSpec {
  const match = /^\s*([A-Za-z0-9_.:+-]+)\s*@\s*(\S+)\s*$/.exec(text);
  const seatText = match?.[2] ?? '';
  const byName = seats.findIndex((seat) => seat.toLowerCase() === seatText.toLowerCase());
  const seat = /^\d+$/.test(seatText) ? Number(seatText) - 1 : byName;
  if (match === null || seat < 0 || seat >= seats.length) {
    throw new UsageError([{ source: `--deck ${text}`, field: '', message: `expected path@seat, the seat a number 1..${seats.length} or one of ${seats.join(', ')}, such as --deck decks.plants@1` }]);
  }
  return { path: match[1] as string, seat };
}

/** The decks to study: `--deck`, else the scenario's `cards.decks`, else the game's own. */
function decksOf(scenario: Scenario, given: readonly string[]): DeckSpec[] {
  const seats = scenario.entry.game.seats;
  if (given.length > 0) return given.map((text) => parseDeckSpec(text, seats));
  if (scenario.cards?.decks) return scenario.cards.decks.map((deck) => ({ path: deck.path, seat: deck.seat - 1 }));
  const declared = games.get(scenario.entry.game.id)?.decks;
  if (declared !== undefined && declared.length > 0) return [...declared];
  throw new UsageError([{ source: '--deck', field: '', message: `${scenario.entry.game.title} declares no deck; name one as path@seat, such as --deck itemDeck@1` }]);
}

const shellQuote = (word: string): string => (/^[\w./:=,@+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

export async function cardsCommand(args: CardsArguments): Promise<number> {
  const matchesFlag = wholeNumber('matches', args.matches, 2);
  const seed = wholeNumber('seed', args.seed, 0);
  const workers = wholeNumber('workers', args.workers, 0) ?? availableParallelism();
  const probe = await loadScenario(args.scenario, { ...(seed === undefined ? {} : { seed }), set: [...args.set] });
  const matches = matchesFlag ?? probe.cards?.matches ?? probe.matches;
  const scenario = matches === probe.matches ? probe : await loadScenario(args.scenario, { matches, ...(seed === undefined ? {} : { seed }), set: [...args.set] });
  const decks = decksOf(scenario, args.deck);
  const outDir = args.out ?? join('reports', `${scenario.name}-cards`);
  const command = [
    'hordelab',
    'cards',
    args.scenario,
    ...args.deck.flatMap((deck) => ['--deck', deck]),
    '--seed',
    String(scenario.seed),
    '--matches',
    String(scenario.matches),
    ...args.set.flatMap((assignment) => ['--set', assignment]),
  ]
    .map(shellQuote)
    .join(' ');
  const summary = await cardValues(scenario, {
    decks,
    workers,
    command,
    onVariant: (index, total, label) => {
      if (!args.quiet && !args.json) process.stderr.write(`configuration ${index + 1} of ${total}: ${label}\n`);
    },
  });
  const files = writeCardValues(summary, outDir, await cardValuesPage(summary));
  if (args.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else if (!args.quiet) process.stdout.write(`${formatCardValues(summary)}\n\nWrote ${files.join(', ')}\n`);
  return 0;
}
