/**
 * `hordelab check` on means (`quality.branching`, a game length): judged by repeated confidence
 * intervals over the check's looks. Uniformly random tic-tac-toe gives exact targets, worked out
 * here by enumerating every game with its probability: E[moves] = 7.6262 and the branching factor
 * E[Σ legal] / E[moves] = 42.5262 / 7.6262 = 5.5763.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckFile } from '../src/check/check-file.js';
import { checksJson, formatChecks, githubAnnotations, junitXml, markdownSummary } from '../src/check/check-output.js';
import { runChecks, type CheckResult, type EdgeState } from '../src/check/run-checks.js';
import type { MeanEstimate } from '../src/stats/clusters.js';
import { exactRandomTicTacToe } from './fixtures/random-tic-tac-toe.js';

const exact = exactRandomTicTacToe();
const BRANCHING = exact.legal / exact.moves;

function checksFile(body: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-check-means-'));
  const file = join(dir, 'means.checks.yaml');
  writeFileSync(file, `checks:\n${body}`);
  return { dir, file };
}

const check = (name: string, metric: string, band: string, extra = ''): string =>
  `  - name: ${name}\n    game: tic-tac-toe\n    seats: [random, random]\n    seed: 7\n    metric: ${metric}\n    ${band}\n    margin: 0.02\n    budget: 20000\n    batch: 500\n${extra}`;

describe('checks on means', () => {
  it('the enumeration gives the known figures of random tic-tac-toe', () => {
    expect(exact.moves).toBeCloseTo(7.62619, 4);
    expect(BRANCHING).toBeCloseTo(5.57633, 4);
  });

  it('pass when the band holds the true mean, fail when it does not, and say so in the metric\'s own units', async () => {
    const { file } = checksFile(
      check('inside', 'quality.branching', 'between: [5.45, 5.7]') +
        check('above-band', 'quality.branching', 'between: [5.0, 5.5]') +
        check('below-band', 'quality.branching', 'between: [5.65, 6.0]') +
        check('long-enough', 'moves', 'atLeast: 7.4') +
        check('too-long', 'quality.length.decisions', 'atMost: 7.4'),
    );
    const results = await runChecks((await loadCheckFile(file)).checks, { workers: 0 });
    const by = new Map(results.map((result) => [result.name, result]));
    expect(results.map((result) => [result.name, result.kind, result.status])).toEqual([
      ['inside', 'mean', 'pass'],
      ['above-band', 'mean', 'fail'],
      ['below-band', 'mean', 'fail'],
      ['long-enough', 'mean', 'pass'],
      ['too-long', 'mean', 'fail'],
    ]);
    expect(by.get('above-band')?.reason).toBe('the mean is above the band');
    expect(by.get('below-band')?.reason).toBe('the mean is below the band');
    const inside = by.get('inside') as CheckResult;
    const estimate = inside.estimate as MeanEstimate;
    expect(estimate.lower).toBeLessThan(BRANCHING);
    expect(estimate.upper).toBeGreaterThan(BRANCHING);
    expect(inside.band).toBe('between 5.45 and 5.7');
    expect(inside.fixedSizeMatches).toBeGreaterThan(0);
    // Both edges decided, each from its bounds at its look's confidence.
    expect(inside.edges.map((edge) => edge.decision)).toEqual(['above', 'below']);
    const table = formatChecks(results);
    expect(table).toMatch(/inside\s+PASS\s+quality\.branching\s+5\.\d+ \[5\.\d+, 5\.\d+\]\s+between 5\.45 and 5\.7/);
  });

  it('a mean far from its edge is decided at an early look, one near it needs more', async () => {
    const { file } = checksFile(check('far', 'moves', 'atLeast: 5') + check('near', 'moves', 'atLeast: 7.5'));
    const [far, near] = await runChecks((await loadCheckFile(file)).checks, { workers: 0 });
    expect(far?.status).toBe('pass');
    expect(far?.matches).toBe(500);
    expect(near?.status).toBe('pass');
    expect(near?.matches).toBeGreaterThan(500);
  });

  it('runs out of budget as inconclusive when the mean sits at the edge', async () => {
    const { file } = checksFile(`  - name: edge\n    game: tic-tac-toe\n    seats: [random, random]\n    metric: quality.branching\n    atLeast: ${BRANCHING.toFixed(4)}\n    margin: 0.001\n    budget: 2000\n    batch: 500\n`);
    const [edge] = await runChecks((await loadCheckFile(file)).checks, { workers: 0 });
    expect(edge?.status).toBe('inconclusive');
    expect(edge?.matches).toBe(2000);
    expect(edge?.reason).toBe('the budget of 2000 matches ran out before the mean was clearly inside or outside');
  });

  it('a mean that never varied is inconclusive and says why: equal samples cannot bound how far unseen ones would move it', async () => {
    // A coin flip has no decisions: quality.length.decisions is 0 in every match. review19g's
    // "always 12, at most 11" read "ran out before the mean was clearly inside or outside".
    const constant = (name: string, band: string): string => `  - name: ${name}\n    game: coin-flip\n    seats: [random, random]\n    metric: quality.length.decisions\n    ${band}\n    budget: 60\n    batch: 20\n`;
    const { file } = checksFile(constant('never-long', 'atLeast: 1') + constant('never-short', 'atMost: 1'));
    const results = await runChecks((await loadCheckFile(file)).checks, { workers: 0 });
    for (const result of results) {
      expect(result.status).toBe('inconclusive');
      // It still looks for variation over its whole budget: a figure that varies rarely may show it.
      expect(result.matches).toBe(60);
      expect(result.reason).toBe(
        'no variation observed (all 60 samples equal: 0), so the mean has no interval; ' +
          'equal samples bound how often a match could differ, not by how much (a mean has no known bounds), so no count of them decides the check; ' +
          'its budget of 60 matches was played looking for variation',
      );
    }
    expect(formatChecks(results)).toContain('  never-long: no variation observed (all 60 samples equal: 0)');
  });

  it("prints a rate's bounds as run does: one that would round to the rate is rounded away from it, never a zero-width interval", async () => {
    const { file } = checksFile('  - name: near\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    atLeast: 0.1\n    budget: 20\n    batch: 20\n');
    const [result] = await runChecks((await loadCheckFile(file)).checks, { workers: 0 });
    const near = { ...(result as CheckResult), estimate: { ...(result as CheckResult).estimate, rate: 0.99995, lower: 0.999923, upper: 0.999967 } } as CheckResult;
    // The rate itself short of 100% is printed so (audit 37a), with the decimals that takes.
    expect(formatChecks([near])).toContain('99.995% [99.9%, 100.0%]');
    expect(markdownSummary([near])).toContain('99.995% [99.9%, 100.0%]');
    // A mean and its bounds with one count of decimals, as many as its half-width needs, and the
    // job summary names its checks file and the command that plays it again (audit 37a: "0.525
    // [0.456, 0.5931]", and no file or command).
    const mean = { ...(result as CheckResult), kind: 'mean', estimate: { mean: 0.525, lower: 0.456, upper: 0.5931, sd: 0.5, n: 200, designEffect: 1, clusters: 200 } } as CheckResult;
    expect(formatChecks([mean])).toContain('0.52 [0.46, 0.59]');
    expect(markdownSummary([mean])).toContain('| 0.52 [0.46, 0.59] |');
    expect(markdownSummary([mean, near]).trimEnd().split('\n').at(-1)).toBe(`From \`${file}\`; \`hordelab check ${file}\` plays these checks again, to the same figures.`);
    const narrow = { ...mean, estimate: { ...mean.estimate, mean: 0.03245, lower: 0.03008, upper: 0.035 } } as CheckResult;
    expect(formatChecks([narrow])).toContain('0.032 [0.030, 0.035]');
  });

  it("says why a rate's verdict can stand beside an interval that holds the band's edge, naming those checks only (audit 26a)", async () => {
    const { file } = checksFile('  - name: edge\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    atMost: 0.38\n    budget: 20\n    batch: 20\n');
    const [result] = await runChecks((await loadCheckFile(file)).checks, { workers: 0 });
    // Failed by its edge's test: "above" at 0.38.
    const decided = [{ ...((result as CheckResult).edges[0] as EdgeState), decision: 'above' }] as EdgeState[];
    const verdict = (lower: number, upper: number): CheckResult => ({ ...(result as CheckResult), status: 'fail', edges: decided, estimate: { ...(result as CheckResult).estimate, rate: 0.394, lower, upper } } as CheckResult);
    expect(formatChecks([verdict(0.377, 0.412)])).toContain("Decided with the band's edge inside the interval shown (edge): a rate's check tests the edge − margin against the edge + margin");
    expect(formatChecks([verdict(0.381, 0.412)])).not.toContain('Decided with the band');
    expect(formatChecks([{ ...verdict(0.377, 0.412), status: 'inconclusive' }])).not.toContain('Decided with the band');
    // Failed by its baseline alone, its edge's test still undecided: no verdict of the band's to explain.
    expect(formatChecks([{ ...verdict(0.377, 0.412), edges: (result as CheckResult).edges }])).not.toContain('Decided with the band');
  });

  // The audit's repros (audit 41b F2): random tic-tac-toe's mean length is 7.6262, so at the edge
  // 7.65 with a margin of 0.1 seed 1 fails at 7.59 [7.48, 7.69] and seed 2 passes at 7.71
  // [7.61, 7.81]; a fair coin's rate fails "at most 49%" at 50.3% [48.5%, 52.1%] (seed 2). Each
  // verdict stands beside an interval holding its edge, and every output says why, by kind.
  it("says why a mean's or a rate's verdict can stand beside an interval that holds the band's edge, in the table, the Markdown, the JUnit file and the annotations (audit 41b F2)", async () => {
    const length = (name: string, seed: number): string =>
      `  - name: ${name}\n    game: tic-tac-toe\n    seats: [random, random]\n    metric: moves\n    atLeast: 7.65\n    margin: 0.1\n    budget: 20000\n    seed: ${seed}\n`;
    const { file } = checksFile(
      length('length-1', 1) + length('length-2', 2) + '  - name: fair-enough\n    game: coin-flip\n    params: { winRate: 0.5 }\n    seats: [random, random]\n    metric: p1WinRate\n    atMost: 0.49\n    budget: 20000\n    seed: 2\n',
    );
    const results = await runChecks((await loadCheckFile(file)).checks, { workers: 0 });
    const [failed, passed, rate] = results as [CheckResult, CheckResult, CheckResult];
    expect([failed.status, passed.status, rate.status]).toEqual(['fail', 'pass', 'fail']);
    const table = formatChecks(results);
    expect(table).toContain('7.59 [7.48, 7.69]');
    expect(table).toContain('7.71 [7.61, 7.81]');
    expect(table).toContain('50.3% [48.5%, 52.1%]');
    const meanWhy =
      "a mean's check asks at each look whether its lower bound, at its share of the error split over the planned looks, is above the edge − margin, or its upper bound below the edge + margin, not whether the interval shown clears the edge, so a mean within the margin of the edge may pass or fail";
    const rateWhy = "a rate's check tests the edge − margin against the edge + margin, which decides in fewer matches than an interval clear of the edge would take";
    expect(table).toContain(`Decided with the band's edge inside the interval shown (length-1, length-2): ${meanWhy}`);
    expect(table).toContain(`Decided with the band's edge inside the interval shown (fair-enough): ${rateWhy}`);
    const markdown = markdownSummary(results);
    expect(markdown).toContain(`_Decided with the band's edge inside the interval shown (\`length-1\`, \`length-2\`): ${meanWhy}`);
    expect(markdown).toContain(`_Decided with the band's edge inside the interval shown (\`fair-enough\`): ${rateWhy}`);
    // JUnit: in the failure's text and in each case's output, the passed one's too.
    const junit = junitXml(results, '2026-01-01T00:00:00');
    const apostrophes = (text: string): string => text.replace(/'/g, '&apos;');
    const cases = junit.split('<testcase ').slice(1);
    expect(cases).toHaveLength(3);
    for (const [index, why] of [meanWhy, meanWhy, rateWhy].entries()) {
      const note = apostrophes(`; decided with the band's edge inside the interval shown: ${why}`);
      expect(cases[index]?.match(/<system-out>(.*)<\/system-out>/)?.[1]).toContain(note);
      if (index !== 1) expect(cases[index]?.match(/<failure [^>]*>(.*)<\/failure>/)?.[1]).toContain(note);
    }
    // Annotations: one per failed check, the note in its message.
    const annotations = githubAnnotations(results).split('\n');
    expect(annotations).toHaveLength(2);
    expect(annotations[0]).toContain(`: the mean is below the edge; decided with the band's edge inside the interval shown: ${meanWhy}`);
    expect(annotations[1]).toContain(`: the rate is above the edge; decided with the band's edge inside the interval shown: ${rateWhy}`);
    // --json: each check's note, or null where none is due.
    const json = JSON.parse(checksJson(results)) as { name: string; edgeNote: string | null }[];
    for (const [index, why] of [meanWhy, meanWhy, rateWhy].entries()) expect(json[index]?.edgeNote).toContain(`decided with the band's edge inside the interval shown: ${why}`);
    expect((JSON.parse(checksJson([{ ...passed, estimate: { ...(passed.estimate as MeanEstimate), lower: 7.66 } } as CheckResult])) as { edgeNote: unknown }[])[0]?.edgeNote).toBeNull();
    // A verdict beside an interval clear of its edge says none of it, in any output.
    const clear = { ...passed, estimate: { ...(passed.estimate as MeanEstimate), lower: 7.66 } } as CheckResult;
    for (const text of [formatChecks([clear]), markdownSummary([clear]), junitXml([clear], '2026-01-01T00:00:00')]) expect(text).not.toMatch(/decided with the band/i);
  });

  it('refuses, before any match, a rate band outside 0..1 or a rate margin of 0.5 or more', async () => {
    const rate = checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    atLeast: 55\n    budget: 200\n`);
    await expect(runChecks((await loadCheckFile(rate.file)).checks, { workers: 0 })).rejects.toThrow('expected a band within 0..1, got 55 (p1WinRate is a rate)');
    const margin = checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    atLeast: 0.5\n    margin: 2\n    budget: 200\n`);
    await expect(runChecks((await loadCheckFile(margin.file)).checks, { workers: 0 })).rejects.toThrow('expected a number >= 0.0001 and < 0.5, got 2 (p1WinRate is a rate)');
    // A margin reaching past 0 or 1 from an edge inside: its test would weigh a rate below 0.
    const past = checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    atLeast: 0.2\n    margin: 0.3\n    budget: 200\n`);
    await expect(runChecks((await loadCheckFile(past.file)).checks, { workers: 0 })).rejects.toThrow('checks[0].margin: 0.3 reaches past 0 from the edge 0.2 (the test weighs edge − margin against edge + margin, both rates); expected a margin below 0.2 for this band');
    const high = checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.1, 0.95]\n    margin: 0.05\n    budget: 200\n`);
    await expect(runChecks((await loadCheckFile(high.file)).checks, { workers: 0 })).rejects.toThrow('0.05 reaches past 1 from the edge 0.95');
    // An edge at 0 or 1 is no test, so any margin suits it; a margin just inside is taken.
    const inside = checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0, 0.9]\n    margin: 0.09\n    budget: 200\n`);
    await expect(runChecks((await loadCheckFile(inside.file)).checks, { workers: 0 })).resolves.toHaveLength(1);
  });

  it('refuses, before any match, a rate band that holds every rate and so cannot fail', async () => {
    const cases: [string, string][] = [
      ['atLeast: 0', 'atLeast: every rate is at least 0, so this check cannot fail'],
      ['atMost: 1', 'atMost: every rate is at most 1, so this check cannot fail'],
      ['between: [0, 1]', 'between: every rate is between 0 and 1, so this check cannot fail'],
    ];
    for (const [band, message] of cases) {
      const file = checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    ${band}\n    budget: 200\n`);
      await expect(runChecks((await loadCheckFile(file.file)).checks, { workers: 0 })).rejects.toThrow(message);
    }
    // Outcome rates are known to be rates once played: refused then, still before a verdict.
    const outcome = checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: outcomes.bySeat.seat1.win\n    atLeast: 0\n    budget: 200\n`);
    await expect(runChecks((await loadCheckFile(outcome.file)).checks, { workers: 0 })).rejects.toThrow('cannot fail');
    // A band holding only 100% (or 0%) cannot pass: no count of matches shows a rate of exactly 1
    // (audit 33b: a game won every time failed "at least 100%", said to be below the edge).
    for (const [band, message] of [
      ['atLeast: 1', 'atLeast: no number of matches shows a rate of exactly 100% (every one a success still allows a rate just below it), so this check cannot pass; expected an edge inside 0..1 that the margin of 0.01 fits beside, such as atLeast: 0.98 (p1WinRate is a rate)'],
      ['atMost: 0', 'atMost: no number of matches shows a rate of exactly 0% (every one a failure still allows a rate just above it), so this check cannot pass; expected an edge inside 0..1 that the margin of 0.01 fits beside, such as atMost: 0.02'],
      ['atMost: 0\n    margin: 0.05', 'such as atMost: 0.1 (p1WinRate is a rate)'],
    ] as const) {
      const file = checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    ${band}\n    budget: 200\n`);
      await expect(runChecks((await loadCheckFile(file.file)).checks, { workers: 0 }), band).rejects.toThrow(message);
    }
    // The edges suggested are taken: they fit beside the margin.
    for (const band of ['atLeast: 0.98', 'atMost: 0.02', 'atMost: 0.1\n    margin: 0.05']) {
      const file = checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    ${band}\n    budget: 200\n`);
      await expect(runChecks((await loadCheckFile(file.file)).checks, { workers: 0 }), band).resolves.toHaveLength(1);
    }
    // A band open at one end still tests the other.
    const open = checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0, 0.6]\n    budget: 200\n`);
    const [result] = await runChecks((await loadCheckFile(open.file)).checks, { workers: 0 });
    expect(result?.status).not.toBeUndefined();
  });

  it('suggests beside atLeast: 1 or atMost: 0 an edge the checks file then takes, at any margin, and refuses a margin of 0.5 or more as such first (review 34a F6)', async () => {
    const rateCheck = (band: string, margin: number): string =>
      checksFile(`  - name: r\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    ${band}\n    margin: ${margin}\n    budget: 200\n`).file;
    const refusal = async (file: string): Promise<string> => {
      try {
        await runChecks((await loadCheckFile(file)).checks, { workers: 0 });
      } catch (error) {
        return (error as Error).message;
      }
      return 'taken';
    };
    // With 0.4 the suggestion was 0.2 (atLeast) or 0.8 (atMost), each refused in turn; 1/3 is
    // where twice the margin in from the end leaves it reaching past the other end.
    for (const margin of [0.0001, 0.00012345, 0.01, 0.25, 0.3, 0.333333, 1 / 3, 0.34, 0.4, 0.4999]) {
      for (const band of ['atLeast: 1', 'atMost: 0']) {
        const message = await refusal(rateCheck(band, margin));
        const suggestion = /such as (atLeast|atMost): (\S+) \(p1WinRate is a rate\)$/.exec(message);
        expect(suggestion, `${band}, margin ${margin}: ${message}`).not.toBeNull();
        const [, kind, edge] = suggestion as RegExpExecArray;
        expect(kind).toBe(band.slice(0, band.indexOf(':')));
        expect(await refusal(rateCheck(`${kind}: ${edge}`, margin)), `${kind}: ${edge}, margin ${margin}`).toBe('taken');
      }
    }
    // A margin out of its own bound is said to be, not answered with an edge outside 0..1.
    for (const margin of [0.5, 0.6]) {
      for (const band of ['atLeast: 1', 'atMost: 0']) {
        const message = await refusal(rateCheck(band, margin));
        expect(message).toContain(`: checks[0].margin: expected a number >= 0.0001 and < 0.5, got ${margin} (p1WinRate is a rate)`);
        expect(message).not.toContain('such as');
      }
    }
  });

  it('a mean\'s baseline stores its spread; an unmoved run passes, a moved one fails, a rate\'s baseline is refused', async () => {
    const { dir, file } = checksFile(check('branching', 'quality.branching', 'between: [5.45, 5.7]'));
    const baselineDir = join(dir, 'baselines');
    const { checks } = await loadCheckFile(file);
    await runChecks(checks, { workers: 0, baselineDir, updateBaseline: true });
    const stored = JSON.parse(readFileSync(join(baselineDir, 'branching.json'), 'utf8'));
    expect(stored.kind).toBe('mean');
    expect(stored.mean).toBeCloseTo(BRANCHING, 1);
    expect(stored.sd).toBeGreaterThan(0);
    const [same] = await runChecks(checks, { workers: 0, baselineDir });
    expect(same?.status).toBe('pass');
    expect(same?.baseline?.moved).toBe(false);
    expect(same?.baseline?.difference).toBe(0);
    writeFileSync(join(baselineDir, 'branching.json'), JSON.stringify({ ...stored, mean: stored.mean + 0.1 }));
    const [moved] = await runChecks(checks, { workers: 0, baselineDir });
    expect(moved?.status).toBe('fail');
    expect(moved?.reason).toMatch(/^the mean moved from the baseline's 5\.\d+ by -0\.1\d* \[-0\.\d+, -0\.\d+\]/);
    writeFileSync(join(baselineDir, 'branching.json'), JSON.stringify({ check: 'branching', metric: 'quality.branching', successes: 1, n: 2, designEffect: 1, rate: 0.5, scenario: stored.scenario, seed: 1 }));
    await expect(runChecks(checks, { workers: 0, baselineDir })).rejects.toThrow('is the baseline of a rate, but quality.branching is a mean');
  });
});
