/** What `hordelab cards` does; its flags and help are declared in `../commands/cards.ts`. */
import { nameMadeFrom } from '../../core/name-length.js';
import { taggedData } from '../../core/tagged-data.js';
import { refuseUnsafeName } from '../../tune/evaluate.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cardValues, type DeckSpec } from '../../cards/card-values.js';
import { readDeck } from '../../cards/deck.js';
import { CARD_VALUE_FILES, formatCardValues, writeCardValues } from '../../cards/card-values-output.js';
import { cardValuesPage } from '../../cards/card-values-page.js';
import { UsageError } from '../../core/errors.js';
import { readRunSummary } from '../../present/metrics.js';
import { checkOutputFolder } from '../../present/output-folder.js';
import { whileHoldingFolder } from '../../run/output-folder.js';
import { loadScenario, type Scenario } from '../../scenario/scenario.js';
import type { CliIo, ParsedArguments } from '../command.js';
import { workerCount, matchTimeout } from '../common-options.js';
import { formatDuration, PROGRESS_INTERVAL_MS } from '../progress.js';
import { assignments } from '../set-assignments.js';
import { resolvePath } from '../resolve-path.js';
import { shellQuote } from '../shell-quote.js';
import { scenarioSeatWarning, writeWarnings } from '../seat-warnings.js';

/** `decks.plants@1` or `decks.plants@Plants`: a parameter path and the seat (1-based, or its name). */
export function parseDeckSpec(text: string, seats: readonly string[]): DeckSpec {
  // Spaces are refused, as in a number flag (`--matches ' 10'`): 'decks.plants@ 1' was taken (audit 42f F7).
  const match = /^([A-Za-z0-9_.:+-]+)@(\S+)$/.exec(text);
  const seatText = match?.[2] ?? '';
  const seat = /^\d+$/.test(seatText) ? Number(seatText) - 1 : seats.findIndex((name) => name.toLowerCase() === seatText.toLowerCase());
  if (match === null || seat < 0 || seat >= seats.length) {
    throw new UsageError([{ source: `--deck ${text}`, field: '', message: `expected path@seat, the seat a number 1..${seats.length} or one of ${seats.join(', ')}, such as --deck decks.plants@1` }]);
  }
  refuseUnsafeName(match[1] as string, `--deck ${text}`);
  return { path: match[1] as string, seat };
}

/** The decks to study: `--deck`, else the scenario's `cards.decks`, else the game's own. */
function decksOf(scenario: Scenario, given: readonly string[]): DeckSpec[] {
  const seats = scenario.entry.game.seats;
  if (given.length > 0) {
    const decks = given.map((text) => parseDeckSpec(text, seats));
    const declared = scenario.entry.decks ?? [];
    decks.forEach((deck, index) => {
      const text = `--deck ${given[index] as string}`;
      // Studied twice: every row twice over, for twice the matches.
      if (decks.findIndex((other) => other.path === deck.path) !== index) throw new UsageError([{ source: text, field: '', message: `${deck.path} is given twice; give each deck once` }]);
      // A deck the game says one seat plays, studied as another's: the wrong side's win rate.
      const owner = declared.find((known) => known.path === deck.path);
      if (owner !== undefined && owner.seat !== deck.seat) {
        throw new UsageError([{ source: text, field: '', message: `${deck.path} is the deck of ${seats[owner.seat]} (seat ${owner.seat + 1}), not of ${seats[deck.seat]}; give --deck ${deck.path}@${owner.seat + 1}` }]);
      }
    });
    return decks;
  }
  // Checked as the scenario was loaded (its seats 1-based): see `cardDecksOf` in scenario.ts.
  if (scenario.cards?.decks) return scenario.cards.decks.map((deck) => ({ path: deck.path, seat: deck.seat - 1 }));
  const declared = scenario.entry.decks;
  if (declared !== undefined && declared.length > 0) return [...declared];
  // The example is a parameter of this game that holds a deck, where one does (audit 38d: the
  // example named Survivors' itemDeck to every game, which then refused it).
  const params = scenario.params as Record<string, unknown>;
  const example = Object.keys(params).find((name) => typeof readDeck(params, name) !== 'string');
  const hint = example === undefined ? 'a parameter of counts by card name, or a list of cards with name and count' : `such as --deck ${example}@1`;
  throw new UsageError([{ source: '--deck', field: '', message: `${scenario.entry.game.title} declares no deck; name one as path@seat, ${hint}` }]);
}

/** JSON with every object's keys sorted: equal for equal values however their keys were ordered. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, node: unknown) =>
    typeof node === 'object' && node !== null && !Array.isArray(node) ? Object.fromEntries(Object.entries(node).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : node,
  );
}

/**
 * Card values written into a run folder show in that run's report as its own: refused unless the
 * run played the game, parameters (after --set) and seats the card values are measured with.
 */
async function refuseAnotherRun(dir: string, scenario: Scenario, cwd: string): Promise<void> {
  const played = (await readRunSummary(dir, cwd)).scenario;
  const differs: string[] = [];
  if (played.game !== scenario.entry.game.id) differs.push(`another game (${played.game}, these are ${scenario.entry.game.id})`);
  // summary.json holds the parameters as taggedData writes them (-0, a Map): compared in that form.
  else if (canonical(played.params) !== canonical(taggedData(scenario.params))) differs.push('other parameters');
  const seats = played.seats.map((seat) => seat.name);
  if (canonical(seats) !== canonical(scenario.seats.map((seat) => seat.name)) || played.rotateSeats !== scenario.rotate) differs.push('other seats');
  if (differs.length > 0) {
    throw new UsageError([{ source: '--out', field: '', message: `${dir} holds a run played with ${differs.join(' and ')} than these card values; its report would show them as its own: write them elsewhere, or give the scenario and --set that run played` }]);
  }
}

/**
 * Signs of life while the variants are built, before any configuration is played: a plain line
 * every {@link PROGRESS_INTERVAL_MS} until all are, as a slow playout of `conform` has. A deck of
 * hundreds of kinds of card took minutes there without a word (audit 40b F2); a small deck is
 * built before the first line is due, and prints none.
 */
function buildingProgress(io: CliIo, silent: boolean): { readonly heard: (built: number, total: number) => void; readonly stop: () => void } {
  if (silent) return { heard: () => {}, stop: () => {} };
  const began = io.now();
  let built = 0;
  let total = 0;
  let stopTimer: (() => void) | null = io.every(PROGRESS_INTERVAL_MS, () => {
    io.stderr.write(`hordelab: cards: ${built} of ${total} variants built, after ${formatDuration((io.now() - began) / 1000)}; play starts once all are\n`);
  });
  const stop = (): void => {
    stopTimer?.();
    stopTimer = null;
  };
  return {
    heard: (nowBuilt, nowTotal) => {
      built = nowBuilt;
      total = nowTotal;
      if (built >= total) stop();
    },
    stop,
  };
}

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const seed = args.number('seed');
  const quiet = args.flag('quiet');
  const json = args.flag('json');
  const set = assignments(args);
  const file = args.required('scenario');
  const first = await loadScenario(file, { ...(seed === undefined ? {} : { seed }), set });
  const matches = args.number('matches') ?? first.cards?.matches ?? first.matches;
  const scenario = matches === first.matches ? first : await loadScenario(file, { matches, ...(seed === undefined ? {} : { seed }), set });
  writeWarnings(io, [scenarioSeatWarning(scenario)], args.flag('quiet'));
  const decks = decksOf(scenario, args.list('deck'));
  const outDir = args.text('out') ?? resolvePath(io.cwd, join('reports', nameMadeFrom(scenario.name, '-cards', scenario.file, 'name')));
  // A run folder may take the card values beside its own files: its report then shows them.
  const runFolder = existsSync(join(outDir, 'summary.json'));
  if (runFolder) await refuseAnotherRun(outDir, scenario, io.cwd);
  const checkOut = (): void =>
    checkOutputFolder(outDir, { flag: '--out', command: 'cards', ours: (name) => CARD_VALUE_FILES.includes(name), force: args.flag('force'), othersAllowed: runFolder, inputs: [{ path: resolvePath(io.cwd, args.required('scenario')), what: 'the scenario' }] });
  const command = [
    'hordelab',
    'cards',
    scenario.file,
    ...args.list('deck').flatMap((deck) => ['--deck', deck]),
    '--seed',
    String(scenario.seed),
    '--matches',
    String(scenario.matches),
    ...set.flatMap((assignment) => ['--set', assignment]),
  ]
    .map(shellQuote)
    .join(' ');
  const building = buildingProgress(io, quiet || json);
  const { summary, files } = await whileHoldingFolder(outDir, '--out', checkOut, async () => {
    try {
      const summary = await cardValues(scenario, {
        decks,
        workers: workerCount(args),
        ...matchTimeout(args),
        command,
        onBuilding: building.heard,
        onVariant: (index, total, label) => {
          if (!quiet && !json) io.stderr.write(`configuration ${index + 1} of ${total}: ${label}\n`);
        },
      });
      return { summary, files: writeCardValues(summary, outDir, await cardValuesPage(summary)) };
    } finally {
      building.stop();
    }
  });
  if (json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else if (!quiet) io.stdout.write(`${formatCardValues(summary)}\n\nWrote ${files.join(', ')}\n`);
  return 0;
}

