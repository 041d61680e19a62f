/**
 * The report's charts as Vega-Lite specifications, built from a run's `summary.json`. Charts
 * are data, not drawing code: `render.ts` compiles them with vega-lite and renders SVG with
 * vega in Node, so the page needs no script and no network.
 */
import type { RunSummary } from './metrics.js';

/** One chart of the report. */
export interface ChartSpec {
  readonly id: string;
  readonly title: string;
  /** What to read in it, one sentence under the chart. */
  readonly caption: string;
  readonly spec: Record<string, unknown>;
}

interface Interval {
  readonly rate?: number;
  readonly mean?: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
}

type Row = Record<string, string | number | boolean | null>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asInterval = (value: unknown): Interval | null =>
  isRecord(value) && typeof value['lower'] === 'number' && typeof value['upper'] === 'number' && typeof value['n'] === 'number' ? (value as unknown as Interval) : null;
const centre = (interval: Interval): number => interval.rate ?? interval.mean ?? Number.NaN;
const get = (value: unknown, ...path: string[]): unknown => path.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), value);

const WIDTH = 560;
const FONT = 'Helvetica, Arial, sans-serif';
const base = (height: number): Record<string, unknown> => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  width: WIDTH,
  height,
  background: 'white',
  config: { font: FONT, axis: { labelFontSize: 11, titleFontSize: 12 }, legend: { labelFontSize: 11, titleFontSize: 12 }, view: { stroke: null } },
});

/**
 * Estimates as points with their interval as a rule, one row per label, optionally coloured by
 * group, with an optional exact value per row drawn as a black tick.
 */
function intervalChart(rows: readonly Row[], options: { readonly axis: string; readonly percent: boolean; readonly group?: string; readonly exact?: boolean; readonly domain?: [number, number] }): Record<string, unknown> {
  const format = options.percent ? '.0%' : '.2f';
  const x = { field: 'value', type: 'quantitative', title: options.axis, axis: { format }, ...(options.domain ? { scale: { domain: options.domain } } : { scale: { zero: false } }) };
  const y = { field: 'label', type: 'nominal', title: null, sort: null, axis: { labelLimit: 320 } };
  const grouped = options.group !== undefined && new Set(rows.map((row) => row[options.group as string])).size > 1;
  const colour = grouped ? { color: { field: options.group, type: 'nominal', title: null, legend: { orient: 'bottom' } } } : {};
  const offset = grouped ? { yOffset: { field: options.group, type: 'nominal' } } : {};
  const tooltip = [
    { field: 'label', type: 'nominal' },
    { field: 'value', type: 'quantitative', format: options.percent ? '.1%' : '.3f' },
    { field: 'lower', type: 'quantitative', format: options.percent ? '.1%' : '.3f' },
    { field: 'upper', type: 'quantitative', format: options.percent ? '.1%' : '.3f' },
  ];
  const layers: Record<string, unknown>[] = [
    { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'lower', type: 'quantitative' }, x2: { field: 'upper' }, y, ...offset, ...colour } },
    { mark: { type: 'point', filled: true, size: 60 }, encoding: { x, y, ...offset, ...colour, tooltip } },
  ];
  if (options.exact === true) {
    layers.push({
      transform: [{ filter: 'isValid(datum.exact)' }],
      mark: { type: 'tick', color: 'black', thickness: 2, size: 14 },
      encoding: { x: { field: 'exact', type: 'quantitative' }, y, ...offset },
    });
  }
  const labels = new Set(rows.map((row) => row['label'])).size;
  const groups = grouped ? new Set(rows.map((row) => row[options.group as string])).size : 1;
  return { ...base(Math.max(60, labels * (groups > 1 ? 14 + 10 * groups : 22))), data: { values: rows }, layer: layers };
}

/** A histogram from `[value, count]` pairs, one series per group. */
function histogramChart(rows: readonly Row[], axis: string, grouped: boolean): Record<string, unknown> {
  return {
    ...base(220),
    data: { values: rows },
    mark: { type: 'bar', opacity: grouped ? 0.6 : 0.9 },
    encoding: {
      x: { field: 'value', type: 'quantitative', title: axis, bin: false },
      y: { field: 'share', type: 'quantitative', title: 'share of games', axis: { format: '.0%' }, stack: null },
      ...(grouped ? { color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'bottom' } } } : {}),
      tooltip: [
        { field: 'value', type: 'quantitative' },
        { field: 'count', type: 'quantitative' },
      ],
    },
  };
}

function histogramRows(histogram: unknown, series: string): Row[] {
  if (!Array.isArray(histogram)) return [];
  const pairs = histogram.filter((pair): pair is [number, number] => Array.isArray(pair) && typeof pair[0] === 'number' && typeof pair[1] === 'number');
  const total = pairs.reduce((sum, [, count]) => sum + count, 0);
  return pairs.map(([value, count]) => ({ value, count, share: total === 0 ? 0 : count / total, series }));
}

const intervalRow = (label: string, estimate: unknown, extra: Row = {}): Row | null => {
  const interval = asInterval(estimate);
  if (interval === null || interval.n === 0) return null;
  return { label, value: centre(interval), lower: interval.lower, upper: interval.upper, n: interval.n, ...extra };
};
const present = (rows: readonly (Row | null)[]): Row[] => rows.filter((row): row is Row => row !== null);

/** Win rates per agent (and per agent and seat) with their intervals: every game. */
function outcomeChart(summary: RunSummary): ChartSpec | null {
  const byAgent = get(summary.outcomes, 'byAgent');
  const rows: Row[] = [];
  if (isRecord(byAgent) && Object.keys(byAgent).length > 1) {
    for (const [agent, figures] of Object.entries(byAgent)) {
      const overall = intervalRow(agent, get(figures, 'overall', 'win'), { group: 'all seats' });
      if (overall) rows.push(overall);
      const bySeat = get(figures, 'bySeat');
      if (isRecord(bySeat)) for (const [seat, figure] of Object.entries(bySeat)) {
        const row = intervalRow(agent, get(figure, 'win'), { group: `as ${seat}` });
        if (row) rows.push(row);
      }
    }
  } else {
    const bySeat = get(summary.outcomes, 'bySeat');
    if (isRecord(bySeat)) for (const [seat, figure] of Object.entries(bySeat)) {
      const index = Number(seat.replace(/^seat/, ''));
      const name = summary.scenario.seats[index - 1]?.name;
      const row = intervalRow(name === undefined ? seat : `seat ${index} (${name})`, get(figure, 'win'), { group: 'wins' });
      if (row) rows.push(row);
    }
  }
  if (rows.length === 0) return null;
  return {
    id: 'outcomes',
    title: 'Win rates with 95% intervals',
    caption: 'Each point is a win rate; the line through it its 95% interval. Intervals that do not overlap differ beyond chance.',
    spec: intervalChart(rows, { axis: 'win rate', percent: true, group: 'group', domain: [0, 1] }),
  };
}

function zombieTrainersCharts(results: Record<string, unknown>): ChartSpec[] {
  const charts: ChartSpec[] = [];
  const tie = present([
    intervalRow('P1 wins', results['p1WinRate']),
    intervalRow('P2 wins', results['p2WinRate']),
    intervalRow('P1 wins if ties were draws', get(results, 'tieRule', 'p1WinRateIfTiesDraw')),
    intervalRow('games ending on equal XP', get(results, 'tieRule', 'tieRate')),
    intervalRow("share of P1's wins from the tie rule", get(results, 'tieRule', 'p1WinsFromTieShare')),
  ]);
  if (tie.length > 0) {
    charts.push({
      id: 'tie-advantage',
      title: "First player's tie advantage",
      caption: 'Player 1 wins ties (rule 28): compare P1 wins with P1 wins if ties were draws to see how much of the edge is the tie rule.',
      spec: intervalChart(tie, { axis: 'rate', percent: true, domain: [0, 1] }),
    });
  }
  const byRate = get(results, 'trapSuccess', 'byRate');
  if (isRecord(byRate)) {
    const rows = present(
      Object.values(byRate).map((figure) => intervalRow(`trap rate ${String(get(figure, 'trapRate'))}%`, get(figure, 'simulated'), { exact: (get(figure, 'exact') as number | undefined) ?? null })),
    );
    if (rows.length > 0) {
      charts.push({
        id: 'trap-rate',
        title: 'Trap success per trap rate: simulated against exact',
        caption: 'Points and lines: simulated success with 95% intervals; black ticks: the exact chance of rule 17 over the dice and R.',
        spec: intervalChart(rows, { axis: 'success rate', percent: true, exact: true, domain: [0, 1] }),
      });
    }
  }
  const byDifference = get(results, 'trapSuccess', 'byDifference');
  if (isRecord(byDifference)) {
    const rows = present(
      Object.values(byDifference).map((figure) =>
        intervalRow(`A − D = ${String(get(figure, 'difference'))}`, get(figure, 'simulated'), { exact: (get(figure, 'exactGivenTrapsUsed') as number | undefined) ?? null }),
      ),
    );
    if (rows.length > 0) {
      charts.push({
        id: 'trap-difference',
        title: 'Trap success per A − D: simulated against exact',
        caption: 'Black ticks: the exact chance given the traps actually used at that A − D.',
        spec: intervalChart(rows, { axis: 'success rate', percent: true, exact: true, domain: [0, 1] }),
      });
    }
  }
  const xp = [...histogramRows(get(results, 'xp', 'p1', 'histogram'), 'P1'), ...histogramRows(get(results, 'xp', 'p2', 'histogram'), 'P2')];
  if (xp.length > 0) charts.push({ id: 'xp', title: 'Final XP', caption: 'Share of games ending with each XP, per player.', spec: histogramChart(xp, 'XP at the end', true) });
  return charts;
}

function integerDuelCharts(results: Record<string, unknown>): ChartSpec[] {
  const charts: ChartSpec[] = [];
  const outcome = (label: string, figures: unknown): (Row | null)[] => [
    intervalRow(label, get(figures, 'plantsWinRate'), { group: 'Plants' }),
    intervalRow(label, get(figures, 'zombiesWinRate'), { group: 'Zombies' }),
    intervalRow(label, get(figures, 'drawRate'), { group: 'draws' }),
  ];
  const sides = present([
    ...outcome('all games', results),
    ...outcome('Plants started round 1', get(results, 'byFirstStarter', 'plants')),
    ...outcome('Zombies started round 1', get(results, 'byFirstStarter', 'zombies')),
  ]);
  if (sides.length > 0) {
    charts.push({
      id: 'sides',
      title: 'Plants, Zombies and draws',
      caption: 'Win rates with 95% intervals, overall and by who started round 1.',
      spec: intervalChart(sides, { axis: 'rate', percent: true, group: 'group', domain: [0, 1] }),
    });
  }
  const cards = get(results, 'cards');
  if (isRecord(cards)) {
    const effect: Row[] = [];
    const winRates: Row[] = [];
    for (const [side, list] of Object.entries(cards)) {
      if (!isRecord(list)) continue;
      for (const [name, figure] of Object.entries(list)) {
        if (typeof get(figure, 'played') === 'number' && (get(figure, 'played') as number) < 30) continue;
        const label = `${side} ${name}`;
        const row = intervalRow(label, get(figure, 'meanEffectOnRoundValue'), { side });
        if (row) effect.push(row);
        const played = intervalRow(label, get(figure, 'playedRoundWinRate'), { group: 'played' });
        const held = intervalRow(label, get(figure, 'heldNotPlayedRoundWinRate'), { group: 'held, not played' });
        if (played) winRates.push(played);
        if (held) winRates.push(held);
      }
    }
    if (effect.length > 0) {
      charts.push({
        id: 'card-effect',
        title: 'Per-card effect on the round value',
        caption: "Mean change of the round value a play caused, for the card's side, with 95% intervals (cards played 30 times or more).",
        spec: intervalChart(effect, { axis: 'mean change of the round value', percent: false, group: 'side' }),
      });
    }
    if (winRates.length > 0) {
      charts.push({
        id: 'card-rounds',
        title: 'Round win rate when a card is played against when it is held back',
        caption: 'A card that wins more rounds when played than when held is worth playing; the gap is its weight in the deck.',
        spec: intervalChart(winRates, { axis: 'round win rate', percent: true, group: 'group', domain: [0, 1] }),
      });
    }
  }
  return charts;
}

function survivorsCharts(results: Record<string, unknown>): ChartSpec[] {
  const charts: ChartSpec[] = [];
  const ends = get(results, 'endCondition');
  if (isRecord(ends)) {
    const rows = present([
      intervalRow('Humans win', results['humansWinRate']),
      intervalRow('Zombies win', results['zombiesWinRate']),
      ...Object.entries(ends).map(([condition, estimate]) => intervalRow(`ends by ${condition}`, estimate)),
    ]);
    charts.push({ id: 'sides', title: 'Sides and end conditions', caption: 'Win rates and the share of games ending each way, with 95% intervals.', spec: intervalChart(rows, { axis: 'share of games', percent: true, domain: [0, 1] }) });
  }
  const cards = get(results, 'cards');
  if (isRecord(cards)) {
    for (const [rate, exactKey, title] of [
      ['killRate', 'exactKill', 'kill'],
      ['pushRate', 'exactPush', 'push'],
      ['breakRate', 'exactBreak', 'break'],
    ] as const) {
      const rows: Row[] = [];
      for (const [name, card] of Object.entries(cards)) {
        for (const aim of ['unaimed', 'aimed'] as const) {
          const attack = get(card, aim);
          if (typeof get(attack, 'attacks') !== 'number' || (get(attack, 'attacks') as number) < 20) continue;
          const row = intervalRow(`${name}${aim === 'aimed' ? ' (aimed)' : ''}`, get(attack, rate), { exact: (get(attack, exactKey) as number | null | undefined) ?? null });
          if (row) rows.push(row);
        }
      }
      if (rows.length > 0) {
        charts.push({
          id: `card-${title}`,
          title: `Per-card ${title} rate per attack: simulated against exact`,
          caption: `Simulated ${title} rate with 95% intervals (cards with 20 attacks or more); black ticks: the exact rate from the card's icons, aim included.`,
          spec: intervalChart(rows, { axis: `${title} rate`, percent: true, exact: true, domain: [0, 1] }),
        });
      }
    }
  }
  const mix = get(results, 'actionMix');
  if (isRecord(mix)) {
    const rows = present(Object.entries(mix).map(([kind, figure]) => intervalRow(kind, get(figure, 'share'))));
    charts.push({ id: 'action-mix', title: "The humans' action mix", caption: 'Share of all human actions taken of each kind; pass is ending an activation with actions unspent.', spec: intervalChart(rows, { axis: 'share of actions', percent: true }) });
  }
  return charts;
}

/** Every chart the report shows for this run, in reading order. */
export function chartsFor(summary: RunSummary): ChartSpec[] {
  const results = summary.results;
  const charts: ChartSpec[] = [];
  const outcomes = outcomeChart(summary);
  if (outcomes) charts.push(outcomes);
  if (summary.scenario.game === 'zombie-trainers') charts.push(...zombieTrainersCharts(results));
  if (summary.scenario.game === 'integer-duel') charts.push(...integerDuelCharts(results));
  if (summary.scenario.game === 'survivors') charts.push(...survivorsCharts(results));
  const rounds = histogramRows(get(results, 'rounds', 'histogram') ?? get(results, 'moves', 'histogram'), 'games');
  if (rounds.length > 0) {
    const moves = get(results, 'rounds') === undefined;
    charts.push({
      id: 'length',
      title: 'Game length',
      caption: moves ? 'Share of games by number of moves.' : 'Share of games by rounds played.',
      spec: histogramChart(rounds, moves ? 'moves' : 'rounds', false),
    });
  }
  return charts;
}
