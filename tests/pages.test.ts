/**
 * Charts a designer reads at a glance, and the pages that hold them: reference lines, zoomed
 * percentage axes, residuals beside exact values, capped histograms noted, seat names from the
 * game, nothing wider than a 1,000 px window; sweep charts as points with interval bars or
 * heatmaps; the comparison as a page with a forest plot.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hordelabIn, type CliResult } from './cli-harness.js';
import { exactComparisonChart, intervalChart, metricTitle, zoomedDomain } from '../src/present/chart-kit.js';
import { chartsFor } from '../src/present/charts.js';
import { cardValueCharts } from '../src/cards/card-values-output.js';
import type { CardValuesSummary, PairedDifference } from '../src/cards/card-values.js';
import type { RateEstimate } from '../src/stats/rate-interval.js';
import { readFigure } from '../src/ladder/headlines.js';
import type { LadderHeadline, LadderSummary } from '../src/ladder/ladder.js';
import { headlineChart } from '../src/ladder/ladder-output.js';
import { readRunSummary } from '../src/present/metrics.js';
import { fittedPre } from '../src/present/page-kit.js';
import { renderSvg } from '../src/present/render.js';
import { sweepChart } from '../src/present/sweep-page.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';
import type { SweepResult } from '../src/tune/sweep.js';
import { sweepResult } from './fixtures/sweep-result.js';

const CLI = resolve('dist/src/cli/main.js');
const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-pages-'));

async function run(text: string): Promise<string> {
  const dir = tempDir();
  await runScenario(await parseScenario(text, join(dir, 'scenario.yaml')), { outDir: dir, eventFiles: false, command: 'test' });
  return dir;
}

type Spec = Record<string, unknown> & { layer?: Spec[]; hconcat?: Spec[]; vconcat?: Spec[]; data?: { values?: Record<string, unknown>[] } };
/** Every view and layer of a specification, depth first. */
const views = (spec: Spec): Spec[] => [spec, ...[...(spec.layer ?? []), ...(spec.hconcat ?? []), ...(spec.vconcat ?? [])].flatMap(views)];
const svgWidth = (svg: string): number => Number(/<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1]);

describe('report charts', () => {
  it('hovers a rate as the tables print it, a half to the even digit (audit 39a F7)', async () => {
    // 129/400 = 32.25%: the tables say 32.2% (half to even), d3's .1% said 32.3%, and the complement 67.8%.
    const rows = [
      { label: 'first', value: 129 / 400, lower: 0.2786, upper: 0.3698, n: 400, exact: 0.3225 },
      { label: 'second', value: 271 / 400, lower: 0.6302, upper: 0.7214, n: 400, exact: 0.6775 },
    ];
    const forest = await renderSvg(intervalChart(rows, { axis: 'win rate', percent: true }));
    expect(forest).toContain('estimate: 32.2%; 95% from: 27.9%; 95% to: 37.0%');
    expect(forest).toContain('estimate: 67.8%');
    expect(forest).not.toContain('32.3%');
    const exact = await renderSvg(exactComparisonChart(rows, { axis: 'rate', percent: true }));
    expect(exact).toContain('simulated: 32.2%; 95% from: 27.9%; 95% to: 37.0%; exact: 32.2%');
    expect(exact).not.toContain('32.3%');
    // Means keep their d3 format.
    expect(await renderSvg(intervalChart([{ label: 'm', value: 1.5, lower: 1.25, upper: 1.75, n: 9 }], { axis: 'per match', percent: false }))).toContain('estimate: 1.5; 95% from: 1.25; 95% to: 1.75');
  });

  it('draws with a loader that fetches nothing: a spec that names a URL is refused as it is drawn, and no request is made (audit 39a F3)', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.end('[{"a":1}]');
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(renderSvg({ data: { url: `${base}/d.json` }, mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' } } })).rejects.toThrow(/asked to load .*d\.json.*; a page fetches nothing/);
      const image = { data: { values: [{ u: `${base}/t.png` }] }, mark: 'image', encoding: { url: { field: 'u', type: 'nominal' }, x: { value: 1 }, y: { value: 1 } } };
      await expect(renderSvg(image)).rejects.toThrow(/asked to load .*t\.png/);
      const link = { data: { values: [{ a: 1, h: 'javascript:void(0)' }] }, mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' }, href: { field: 'h', type: 'nominal' } } };
      await expect(renderSvg(link)).rejects.toThrow(/asked to load "javascript:void\(0\)"/);
      expect(requests).toBe(0);
      // A data: URI holds its content: drawn as it is.
      const inline = 'data:image/png;base64,iVBORw0KGgo=';
      expect(await renderSvg({ data: { values: [{ a: 1 }] }, mark: { type: 'image', url: inline }, encoding: { x: { value: 1 }, y: { value: 1 } } })).toContain(inline);
    } finally {
      server.close();
    }
  });

  it('zooms win rates around a 50% line, names seats as the game does, and fits 1,000 px', async () => {
    const dir = await run('game: integer-duel\nmatches: 60\nseed: 3\nseats:\n  rotate: [greedy, random]\n');
    const charts = chartsFor(await readRunSummary(dir));
    const outcomes = charts.find((chart) => chart.id === 'outcomes');
    const groups = new Set(views(outcomes?.spec as Spec).flatMap((view) => view.data?.values ?? []).map((row) => row['group']));
    expect([...groups]).toEqual(expect.arrayContaining(['all seats', 'as Plants', 'as Zombies']));
    expect([...groups].some((group) => String(group).includes('seat1'))).toBe(false);
    for (const id of ['outcomes', 'sides', 'card-rounds']) {
      const spec = charts.find((chart) => chart.id === id)?.spec as Spec;
      const references = views(spec).flatMap((view) => view.data?.values ?? []).filter((row) => row['label'] === 'fair: 50%');
      expect(references.length, id).toBeGreaterThan(0);
      expect(references[0]?.['value']).toBe(0.5);
    }
    // The per-card effect chart keeps spells only: a combatant's effect is its face value.
    const effect = charts.find((chart) => chart.id === 'card-effect');
    const labels = views(effect?.spec as Spec).flatMap((view) => view.data?.values ?? []).map((row) => String(row['label'] ?? ''));
    expect(labels.filter((label) => /[+-]\d$/.test(label))).toEqual([]);
    for (const chart of charts) expect(svgWidth(await renderSvg(chart.spec)), chart.id).toBeLessThanOrEqual(940);
  });

  it('draws exact values beside estimates and as residuals, and notes the capped bar', async () => {
    const dir = await run('game: zombie-trainers\nmatches: 150\nseed: 2\nparams: { maxRounds: 40 }\nseats: [random, random]\n');
    const summary = await readRunSummary(dir);
    const charts = chartsFor(summary);
    const trapRate = charts.find((chart) => chart.id === 'trap-rate')?.spec as Spec;
    expect(trapRate.hconcat).toHaveLength(2);
    const residuals = (trapRate.hconcat?.[1]?.data?.values ?? []) as { residual: number; value: number; exact: number }[];
    expect(residuals.length).toBeGreaterThan(0);
    for (const row of residuals) expect(row.residual).toBeCloseTo(100 * (row.value - row.exact), 9);
    const length = charts.find((chart) => chart.id === 'length');
    expect(length?.caption).toContain('maxRounds = 40');
    const svg = await renderSvg(length?.spec as Spec);
    expect(svg).toMatch(/capped at maxRounds = 40 \(rule 29\): [\d.]+% of games ran to it/);
    // Every point tells its interval on hover, without a script.
    expect(await renderSvg(charts[0]?.spec as Spec)).toMatch(/<title>[^<]*95% from/);
    // The trap table gives the exact rate to two decimals (78.89% at 80%); its hover says the same (review 39s R6).
    const trapSvg = await renderSvg(trapRate);
    expect(trapSvg).toContain('exact: 78.89%');
    expect(trapSvg).not.toContain('exact: 78.9%');
  });

  it('zooms a domain to tidy steps and never outside [0, 1] for rates', () => {
    expect(zoomedDomain([0.46, 0.55, 0.5], true)).toEqual([0.44, 0.56]);
    const [low, high] = zoomedDomain([0.001, 0.999], true);
    expect(low).toBe(0);
    expect(high).toBe(1);
    expect(metricTitle('p1WinRate')).toBe('P1 win rate');
    expect(metricTitle('trapSuccess.overall')).toBe('Trap success · overall');
  });

  it('draws differences of rates on a signed axis: card values and a ladder headline show their negative changes, a rate stays in [0, 1] (audit 40b F1)', async () => {
    // The x axis's range as the SVG describes it: "values from -20% to 20%" (d3 writes − for minus).
    const axisRange = (svg: string, title: string): [number, number] => {
      const match = new RegExp(`X-axis titled '${title}' for a linear scale with values from ([^ ]+)% to ([^ ]+)%`).exec(svg);
      expect(match, title).not.toBeNull();
      return [Number(match?.[1]?.replace('−', '-')) / 100, Number(match?.[2]?.replace('−', '-')) / 100];
    };
    const rate = (value: number): RateEstimate => ({ rate: value, lower: value - 0.05, upper: value + 0.05, successes: Math.round(400 * value), n: 400, designEffect: 1, clusters: 400 });
    const change = (difference: number): { winRate: RateEstimate; change: PairedDifference } => ({ winRate: rate(0.4 + difference), change: { difference, lower: difference - 0.03, upper: difference + 0.03, n: 400 } });
    const summary: CardValuesSummary = {
      hordelab: { version: 'test' },
      scenario: { name: 'tiny', file: 'tiny.yaml', game: 'integer-duel', seed: 5, matches: 400, rotateSeats: false, seats: [{ name: 'random', agent: 'random', config: {}, settings: {} }, { name: 'greedy', agent: 'greedy', config: {}, settings: {} }] },
      command: 'hordelab cards tiny.yaml',
      agents: 'random vs greedy',
      randomPlay: null,
      confidence: 0.95,
      unit: 'match',
      decks: [{ path: 'decks.plants', seat: 'Plants', baseWinRate: rate(0.4), cards: [{ card: '+1', count: 1, minusOne: change(-0.162), plusOne: change(0.05) }, { card: 'negate', count: 1, minusOne: change(-0.03), plusOne: change(-0.058) }] }],
    };
    const [cards] = cardValueCharts(summary);
    const [cardsLow, cardsHigh] = axisRange(await renderSvg(cards?.spec as Spec), 'change in the Plants win rate');
    expect(cardsLow).toBeLessThanOrEqual(-0.192);
    expect(cardsHigh).toBeGreaterThanOrEqual(0.08);
    // A ladder headline that is a difference of rates (Plants − Zombies), read as the ladder reads it.
    const levels = [
      { level: 'random', figure: readFigure({ d: { difference: -0.3, lower: -0.426, upper: -0.174, n: 200 } }, 'd'), side: 'below' as const, band: null },
      { level: 'greedy', figure: readFigure({ d: { difference: -0.61, lower: -0.719, upper: -0.501, n: 200 } }, 'd'), side: 'below' as const, band: null },
    ];
    const headline: LadderHeadline = { path: 'd', label: 'Plants − Zombies', reference: 0, band: null, levels, verdict: { holds: true, shownToChange: false, text: '' } };
    const ladder = headlineChart({} as LadderSummary, headline);
    const [ladderLow, ladderHigh] = axisRange(await renderSvg(ladder as Spec), 'Plants − Zombies');
    expect(ladderLow).toBeLessThanOrEqual(-0.719);
    expect(ladderHigh).toBeGreaterThanOrEqual(0);
    expect(ladderLow).toBeGreaterThanOrEqual(-1);
    // A rate keeps its axis inside [0, 1].
    const rateSpec = intervalChart([{ label: 'a', value: 0.03, lower: 0.001, upper: 0.08, n: 100 }], { axis: 'win rate', percent: true });
    const [rateLow, rateHigh] = axisRange(await renderSvg(rateSpec), 'win rate');
    expect(rateLow).toBe(0);
    expect(rateHigh).toBeLessThanOrEqual(1);
  });

  it('fits a wide table into the page and lets a long single line wrap', () => {
    const html = fittedPre(`${'x'.repeat(150)}\n${'y'.repeat(20)}\n\none long line ${'z'.repeat(200)}`);
    expect(html).toContain('font-size: min(0.78rem, calc((min(980px, 100vw - 2rem) - 1.6rem - 20px) / 91.50))');
    expect(html).toContain('<pre style="white-space: pre-wrap">one long line');
  });
});

const point = (values: Record<string, number>, value: number, difference?: number) => ({
  values,
  matches: 1000,
  metrics: { p1WinRate: { kind: 'rate' as const, value, lower: value - 0.03, upper: value + 0.03, n: 1000 } },
  differences: difference === undefined ? {} : { p1WinRate: { difference, lower: difference - 0.01, upper: difference + 0.01, unpairedLower: difference - 0.04, unpairedUpper: difference + 0.04, units: 1000 } },
});
const sweep = (axes: SweepResult['axes'], points: SweepResult['points']): SweepResult => sweepResult(axes, points);

describe('sweep charts', () => {
  it('draws discrete settings as points with interval bars, ticked at the integers played', async () => {
    const result = sweep([{ name: 'actionPoints', values: [2, 3, 5] }], [point({ actionPoints: 2 }, 0.6), point({ actionPoints: 3 }, 0.52, -0.08), point({ actionPoints: 5 }, 0.55, -0.05)]);
    const spec = sweepChart(result, 'p1WinRate') as Spec;
    const marks = views(spec).map((view) => (view['mark'] as { type?: string } | undefined)?.type).filter(Boolean);
    expect(marks).not.toContain('area');
    expect(marks).not.toContain('line');
    const xAxes = views(spec).map((view) => (view['encoding'] as { x?: { axis?: { values?: unknown; format?: string } } } | undefined)?.x?.axis).filter((axis) => axis?.values !== undefined);
    expect(xAxes[0]).toMatchObject({ values: [2, 3, 5], format: 'd' });
    const svg = await renderSvg(spec);
    expect(svg).toContain('fair: 50%');
    expect(svg).toMatch(/<title>actionPoints = 3 minus the baseline: -8\.0 points, paired 95% \[-9\.0, -7\.0\]/);
  });

  it('draws two varied settings as heatmaps with the interval in each cell\'s title', async () => {
    const points = [point({ a: 1, b: 1 }, 0.5), point({ a: 2, b: 1 }, 0.55, 0.05), point({ a: 1, b: 2 }, 0.45, -0.05), point({ a: 2, b: 2 }, 0.6, 0.1)];
    const svg = await renderSvg(sweepChart(sweep([{ name: 'a', values: [1, 2] }, { name: 'b', values: [1, 2] }], points), 'p1WinRate'));
    expect(svg).toContain('<title>a = 2, b = 2: 60.0% [57.0%, 63.0%], n = 1000; minus the baseline +10.0 [+9.0, +11.0] paired</title>');
    expect(svg).toContain('baseline');
  });
});

describe('hordelab compare --format html', () => {
  it('writes the comparison as a page with a forest plot, and refuses a bad format', async () => {
    const scenario = 'game: zombie-trainers\nmatches: 300\nseed: 1\nparams: { maxRounds: 40 }\nseats: [random, random]\n';
    const baseline = await run(scenario);
    const raised = await run(scenario.replace('maxRounds: 40', 'maxRounds: 40, traps: {40: 0, 60: 0, 80: 7}'));
    const result = spawnSync(process.execPath, [CLI, 'compare', baseline, raised, '--format', 'html'], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const page = readFileSync(join(raised, 'compare.html'), 'utf8');
    expect(page).not.toMatch(/<script|src="http|href="http/);
    expect(page).toContain('<figure id="rates">');
    expect(page).toContain('traps: {&quot;40&quot;:4,&quot;60&quot;:2,&quot;80&quot;:1} → {&quot;40&quot;:0,&quot;60&quot;:0,&quot;80&quot;:7}');
    expect(page).toMatch(/<tr class="changed"><td>\*<\/td><td>trapSuccess\.overall/);
    // The page is Hordelab's own: the run can be played again into its folder, which then drops
    // the page of the run it replaced.
    const scenarioFile = join(tempDir(), 'scenario.yaml');
    writeFileSync(scenarioFile, scenario.replace('maxRounds: 40', 'maxRounds: 40, traps: {40: 0, 60: 0, 80: 7}'));
    const again = spawnSync(process.execPath, [CLI, 'run', scenarioFile, '--out', raised, '--force', '--quiet', '--workers', '0'], { encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(existsSync(join(raised, 'compare.html'))).toBe(false);
    const bad = spawnSync(process.execPath, [CLI, 'compare', baseline, raised, '--format', 'pdf'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--format: expected text, json or html, got "pdf"');
    const out = join(tempDir(), 'elsewhere.html');
    expect(spawnSync(process.execPath, [CLI, 'compare', baseline, raised, '--out', out], { encoding: 'utf8' }).status).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
  it('writes --out only over its own earlier page: never over a foreign file, nor into either run', async () => {
    const scenario = 'game: coin-flip\nmatches: 40\nseed: 1\nseats: [random, random]\n';
    const baseline = await run(scenario);
    const changed = await run(scenario.replace('seed: 1', 'seed: 2'));
    const dir = tempDir();
    const notes = join(dir, 'README.md');
    writeFileSync(notes, '# notes\n');
    // A page that only quotes Hordelab's mark, after its head, is not Hordelab's.
    const quoting = join(dir, 'about.html');
    writeFileSync(quoting, '<!doctype html>\n<html><head><title>About</title></head>\n<body><code>&lt;meta name="generator" content="hordelab compare"&gt;</code> <meta name="generator" content="hordelab compare"></body></html>\n');
    const files = (): string[] => [dir, baseline, changed].flatMap((folder) => readdirSync(folder).sort().map((name) => `${name}: ${readFileSync(join(folder, name), 'base64')}`));
    const compare = (...extra: string[]): Promise<CliResult> => hordelabIn(dir, 'compare', baseline, changed, '--format', 'html', ...extra);
    const refusals: [string, string][] = [
      [notes, 'exists and was not written by hordelab; name a new file or remove it'],
      [quoting, 'exists and was not written by hordelab'],
      [join(baseline, 'summary.json'), `is inside the baseline run folder ${baseline}, which this command reads`],
      [join(baseline, 'compare.html'), 'is inside the baseline run folder'],
      [join(changed, 'summary.json'), `is inside the run folder ${changed}`],
      [join(changed, 'mine.html'), `is inside the run folder ${changed}`],
    ];
    for (const [out, message] of refusals) {
      const before = files();
      const refused = await compare('--out', out);
      expect(refused.status, out).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.split('\n')).toEqual([expect.stringContaining(`hordelab: --out: ${out} ${message}`), '']);
      expect(files()).toEqual(before);
    }
    // Its own page, again and again; by default compare.html in the compared run.
    const page = join(dir, 'compare.html');
    for (const extra of [['--out', page], ['--out', page], [], ['--out', join(changed, 'compare.html')]]) {
      const written = await compare(...extra);
      expect(written.status, written.stderr).toBe(0);
    }
    expect(readFileSync(page, 'utf8')).toMatch(/<meta name="generator" content="hordelab compare">\n<meta name="hordelab-sha256" content="[0-9a-f]{64}">\n/);
    // Its own page with something added since is someone's now: refused, left as it is (audit 41b F1).
    const written = readFileSync(page, 'utf8');
    writeFileSync(page, `${written}<p>my notes</p>\n`);
    const added = await compare('--out', page);
    expect(added.status).toBe(2);
    expect(added.stderr.split('\n')).toEqual([`hordelab: --out: ${page} is not as hordelab wrote it: its content is not the compare page its mark records (added to, changed, or cut short); name a new file or remove it`, '']);
    expect(readFileSync(page, 'utf8')).toBe(`${written}<p>my notes</p>\n`);
    // A page written before the mark recorded a digest is known by its start alone, as it was.
    writeFileSync(page, `${written.replace(/<meta name="hordelab-sha256" content="[0-9a-f]{64}">\n/, '')}<p>my notes</p>\n`);
    expect((await compare('--out', page)).status).toBe(0);
    expect(readFileSync(page, 'utf8')).toBe(written);
    // And one written before the mark was added.
    writeFileSync(page, readFileSync(page, 'utf8').replace(/<meta name="generator" content="hordelab compare">\n<meta name="hordelab-sha256" content="[0-9a-f]{64}">\n/, ''));
    expect((await compare('--out', page)).status).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['README.md', 'about.html', 'compare.html']);
  });
});
