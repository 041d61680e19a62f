/**
 * The files of `hordelab cards`: `card-values.json` (everything), `card-values.csv` (a row per
 * deck, card and change), `card-values.md` and `card-values.html` (tables and a chart per deck:
 * each card's change in its side's win rate from one copy fewer and one copy more, with paired
 * intervals). `hordelab report` adds the same section and charts to a run's page when the run
 * folder holds `card-values.json`.
 */
import { markdownCell, markdownInlineCode } from '../present/markdown.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
// Its schemas read files a user hands over: zod's messages set first, whatever loaded this module.
import '../core/zod-messages.js';
import { UsageError } from '../core/errors.js';
import { formatPath } from '../core/parameters.js';
import { figureValueIssue } from '../present/figure-values.js';
import { count, rate, seatRecordSchema } from '../present/summary-schema.js';
import { intervalChart, type ChartSpec, type Row } from '../present/chart-kit.js';
import { percentBound, table, percentOf, signedFixed } from '../reports/format.js';
import { csv } from '../run/csv.js';
import { toJson } from '../run/run-scenario.js';
import type { CardValue, CardValuesSummary, DeckValues, PairedDifference } from './card-values.js';
import { publishOutputFiles } from '../present/output-folder.js';

export const CARD_VALUES_FILE = 'card-values.json';
/** Every file `hordelab cards` writes. */
export const CARD_VALUE_FILES: readonly string[] = [CARD_VALUES_FILE, 'card-values.csv', 'card-values.md', 'card-values.html'];

const points = (x: number): string => signedFixed(100 * x, 1);

/** `+1.2 [−0.8, +3.1] pts`, or why the variant was not played. */
function formatChange(figure: CardValue['plusOne'] | null): string {
  if (figure === null) return '-';
  if ('refused' in figure) return `not playable (${figure.refused})`;
  const change = figure.change;
  if (!Number.isFinite(change.difference)) return '-';
  return `${points(change.difference)} [${points(change.lower)}, ${points(change.upper)}] pts`;
}

/** Marks a change whose interval excludes 0. */
function significant(change: PairedDifference): boolean {
  return change.lower > 0 || change.upper < 0;
}

function flag(figure: CardValue['plusOne'] | null): string {
  return figure !== null && !('refused' in figure) && significant(figure.change) ? ' *' : '';
}

const explanation = (summary: CardValuesSummary): string =>
  `Change in the side's win rate (a draw counts as not won) when the deck holds one copy fewer or one more of a card, everything else equal: ` +
  `the base and every variant play the same ${summary.scenario.matches} matches on run seed ${summary.scenario.seed}; ` +
  `${Math.round(summary.confidence * 100)}% paired intervals over ${summary.unit === 'rotated pair' ? 'rotated pairs (the two matches of a seed)' : 'matches'}. ` +
  `* marks an interval that excludes 0. Played by ${summary.agents}.`;

/** The explanation, and the random-play warning when a seat played at random: a card's value is the skill's as much as the card's (audit 40b F3). */
const skillLines = (summary: CardValuesSummary): string[] => [explanation(summary), ...(summary.randomPlay === null ? [] : [summary.randomPlay])];

/** The card values as text. */
export function formatCardValues(summary: CardValuesSummary): string {
  const lines: string[] = [];
  for (const deck of summary.decks) {
    lines.push(`${deck.path} (${deck.seat}): base win rate ${percentOf(deck.baseWinRate.rate, 1)}% [${percentBound(deck.baseWinRate.lower, deck.baseWinRate.rate)}, ${percentBound(deck.baseWinRate.upper, deck.baseWinRate.rate)}]`);
    lines.push(table(['card', 'count', 'one fewer', 'one more'], deck.cards.map((card) => [card.card, String(card.count), `${formatChange(card.minusOne)}${flag(card.minusOne)}`, `${formatChange(card.plusOne)}${flag(card.plusOne)}`])));
    lines.push('');
  }
  lines.push(...skillLines(summary));
  return lines.join('\n');
}

/** A chart per deck: each card's two changes as points with their paired intervals, 0 as a black tick. */
export function cardValueCharts(summary: CardValuesSummary): ChartSpec[] {
  return summary.decks.flatMap((deck: DeckValues): ChartSpec[] => {
    const rows: Row[] = [];
    for (const card of deck.cards) {
      for (const [group, figure] of [
        ['one copy fewer', card.minusOne],
        ['one copy more', card.plusOne],
      ] as const) {
        if (figure === null || 'refused' in figure || !Number.isFinite(figure.change.difference)) continue;
        rows.push({ label: card.card, group, value: figure.change.difference, lower: figure.change.lower, upper: figure.change.upper, n: figure.change.n });
      }
    }
    if (rows.length === 0) return [];
    return [
      {
        id: `card-values-${deck.path.replace(/[^A-Za-z0-9]+/g, '-')}`,
        title: `Card values: ${deck.path} (${deck.seat})`,
        caption: `${skillLines(summary).join(' ')} The dashed line is no change.`,
        spec: intervalChart(rows, { axis: `change in the ${deck.seat} win rate`, percent: true, signed: true, group: 'group', references: [{ value: 0, label: 'no change' }] }),
      },
    ];
  });
}

function csvRows(summary: CardValuesSummary): (string | number)[][] {
  const rows: (string | number)[][] = [['deck', 'seat', 'card', 'count', 'change', 'winRate', 'difference', 'lower', 'upper', 'units', 'refused']];
  for (const deck of summary.decks) {
    for (const card of deck.cards) {
      for (const [change, figure] of [
        ['-1', card.minusOne],
        ['+1', card.plusOne],
      ] as const) {
        if (figure === null) continue;
        if ('refused' in figure) rows.push([deck.path, deck.seat, card.card, card.count, change, '', '', '', '', '', figure.refused]);
        else rows.push([deck.path, deck.seat, card.card, card.count, change, figure.winRate.rate, figure.change.difference, figure.change.lower, figure.change.upper, figure.change.n, '']);
      }
    }
  }
  return rows;
}

function markdown(summary: CardValuesSummary): string {
  const lines = [`# Card values: ${markdownCell(`${summary.scenario.name} (${summary.scenario.game})`)}`, '', markdownInlineCode(summary.command), '', explanation(summary), ''];
  if (summary.randomPlay !== null) lines.push(`**${markdownCell(summary.randomPlay)}**`, '');
  for (const deck of summary.decks) {
    lines.push(`## ${markdownCell(`${deck.path} (${deck.seat})`)}`, '', `Base win rate ${percentOf(deck.baseWinRate.rate, 1)}% [${percentBound(deck.baseWinRate.lower, deck.baseWinRate.rate)}, ${percentBound(deck.baseWinRate.upper, deck.baseWinRate.rate)}].`, '');
    lines.push('| card | count | one fewer | one more |', '| --- | ---: | --- | --- |');
    for (const card of deck.cards) lines.push(`| ${markdownCell(card.card)} | ${card.count} | ${formatChange(card.minusOne)}${flag(card.minusOne)} | ${formatChange(card.plusOne)}${flag(card.plusOne)} |`);
    lines.push('');
  }
  return lines.join('\n');
}

/** Reads `card-values.json` from a folder, or null when there is none. */
export function readCardValues(dir: string): CardValuesSummary | null {
  const path = join(dir, CARD_VALUES_FILE);
  if (!existsSync(path)) return null;
  const refuse = (field: string, message: string): UsageError => new UsageError([{ source: path, field, message: `${message}; write the card values again with "hordelab cards", or remove the file` }]);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw refuse('', `not card values: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = cardValuesSchema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw refuse(formatPath((first?.path ?? []).map((key) => (typeof key === 'number' ? key : String(key)))), first?.message ?? 'not card values');
  }
  // Right shape; are the numbers ones `cards` could write? An edited rate or change (a
  // difference outside its own interval) would be drawn on the run's page as measured.
  const summary = withSkillSaid(parsed.data as unknown as OlderCardValues);
  const rates = figureValueIssue(summary.decks, ['decks']);
  if (rates !== null) throw refuse(rates.field, rates.message);
  return summary;
}

/** Card values as a file may hold them: from before they named their agents, seats as names, no skill. */
type OlderCardValues = Omit<CardValuesSummary, 'scenario' | 'agents' | 'randomPlay'> & {
  readonly scenario: Omit<CardValuesSummary['scenario'], 'seats'> & { readonly seats: readonly (CardValuesSummary['scenario']['seats'][number] | string)[] };
  readonly agents?: string;
  readonly randomPlay?: string | null;
};

/**
 * Card values with their skill said: an older file's seats became records of their names alone,
 * and its skill says it was not recorded, rather than the file being refused (`hordelab report`
 * of a run folder holding one would have stopped at it).
 */
function withSkillSaid(values: OlderCardValues): CardValuesSummary {
  if (values.agents !== undefined && values.scenario.seats.every((seat) => typeof seat !== 'string')) return values as CardValuesSummary;
  const names = values.scenario.seats.map((seat) => (typeof seat === 'string' ? seat : seat.name));
  const seats = values.scenario.seats.map((seat) => (typeof seat === 'string' ? { name: seat } : seat)) as unknown as CardValuesSummary['scenario']['seats'];
  return { ...values, scenario: { ...values.scenario, seats }, agents: `${names.join(' vs ')} (their agents not recorded: card values written before "hordelab cards" named them)`, randomPlay: values.randomPlay ?? null };
}

const changeSchema = z.looseObject({ difference: z.number().nullable(), lower: z.number().nullable(), upper: z.number().nullable() });
const variantSchema = z.union([z.object({ winRate: rate, change: changeSchema }), z.object({ refused: z.string() })]);
const cardValuesSchema = z.object({
  hordelab: z.object({ version: z.string() }),
  // Seats as summary.json records them; card values written before they named their agents hold names alone, and no skill (audit 40b F3).
  scenario: z.object({ name: z.string(), file: z.string(), game: z.string(), seed: z.number(), matches: count, rotateSeats: z.boolean(), seats: z.union([z.array(seatRecordSchema).min(1), z.array(z.string()).min(1)]) }),
  command: z.string(),
  agents: z.string().optional(),
  randomPlay: z.string().nullable().optional(),
  confidence: z.number().gt(0).lt(1),
  unit: z.enum(['match', 'rotated pair']),
  decks: z.array(z.object({ path: z.string(), seat: z.string(), baseWinRate: rate, cards: z.array(z.object({ card: z.string(), count, minusOne: variantSchema.nullable(), plusOne: variantSchema })) })),
});

/**
 * Writes the card values' files into `outDir`, `html` being the page (`card-values-page.ts`);
 * returns their paths.
 */
export function writeCardValues(summary: CardValuesSummary, outDir: string, html: string): string[] {
  const pages: [string, string][] = [
    [CARD_VALUES_FILE, `${toJson(summary)}\n`],
    ['card-values.csv', csv(csvRows(summary))],
    ['card-values.md', markdown(summary)],
    ['card-values.html', html],
  ];
  // With each file's bytes in the mark, as sweep and ladder record theirs: a card-values.md the
  // user added notes to is refused next time unless --force, not replaced (audit 40c F4).
  return publishOutputFiles(outDir, 'cards', pages, { digests: true });
}
