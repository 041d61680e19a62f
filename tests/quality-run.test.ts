/**
 * Game-quality figures of whole runs: the same bytes whatever the workers and chunks, and every
 * figure as a check or tune metric. Apart from tests/quality.test.ts, which is in-process only
 * (the mutation tests of the match trace run it, and worker threads need the compiled build).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckFile } from '../src/check/check-file.js';
import { runChecks } from '../src/check/run-checks.js';
import { writeReports } from '../src/present/report-page.js';
import type { QualitySummary } from '../src/quality/quality-figures.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { Evaluator, pickMetric } from '../src/tune/evaluate.js';

describe('quality figures of a run', () => {
  const text = 'game: zombie-trainers\nmatches: 40\nseed: 11\nparams:\n  maxRounds: 8\nseats:\n  rotate: [greedy, random]\n';

  it('are the same bytes with no worker and small chunks as with two workers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-quality-'));
    const scenario = await parseScenario(text, join(dir, 'q.yaml'));
    const inThread = await runScenario(scenario, { outDir: join(dir, 'a'), eventFiles: false, command: 'test', workers: 0, chunkSize: 3 });
    const pooled = await runScenario(scenario, { outDir: join(dir, 'b'), eventFiles: false, command: 'test', workers: 2, chunkSize: 7 });
    const a = (inThread.results as { quality: QualitySummary }).quality;
    expect(JSON.stringify(a)).toBe(JSON.stringify((pooled.results as { quality: QualitySummary }).quality));
    expect(a.matches).toBe(40);
    expect(a.draw.clusters).toBe(20);
    expect(a.chanceShare?.stronger).toBe('greedy');
    expect(a.capped?.n).toBe(40);
  }, 60_000);
});

describe("the first mover's advantage in a report's outputs", () => {
  it('is listed with the same figures in report.html, report.md, metrics.csv and metrics.json, with no bounds where it has no value (audit 39a F8)', async () => {
    for (const [game, value] of [['tic-tac-toe', true], ['coin-flip', false]] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'hordelab-quality-'));
      await runScenario(await parseScenario(`game: ${game}\nmatches: 30\nseed: 1\nseats: [random, greedy]\n`, join(dir, 'q.yaml')), { outDir: dir, eventFiles: false, command: 'test' });
      await writeReports(dir, ['html', 'md', 'csv', 'json']);
      const json = JSON.parse(readFileSync(join(dir, 'metrics.json'), 'utf8')) as { path: string; kind: string; value: number | null; lower: number | null; upper: number | null }[];
      const csv = readFileSync(join(dir, 'metrics.csv'), 'utf8').trim().split('\n').slice(1);
      const markdown = [...readFileSync(join(dir, 'report.md'), 'utf8').matchAll(/^\| `([^`]+)` \| ([^|]*) \| ([^|]*) \|/gm)];
      const html = [...readFileSync(join(dir, 'report.html'), 'utf8').matchAll(/<tr><td>([^<]+)<\/td><td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td>/g)];
      const paths = json.map((metric) => metric.path);
      expect(paths, game).toContain('quality.firstMover.advantage');
      expect(csv.map((line) => line.split(',')[0]), game).toEqual(paths);
      expect(markdown.map((row) => row[1]), game).toEqual(paths);
      expect(html.map((row) => row[1]), game).toEqual(paths);
      const advantage = json.find((metric) => metric.path === 'quality.firstMover.advantage');
      const cells = (rows: RegExpMatchArray[]): string[] => rows.filter((row) => row[1] === 'quality.firstMover.advantage').flatMap((row) => [row[2] ?? '', row[3] ?? '']);
      expect(cells(markdown)).toEqual(cells(html));
      if (value) {
        expect(advantage?.kind).toBe('difference');
        expect([advantage?.lower, advantage?.upper].every((bound) => typeof bound === 'number')).toBe(true);
        expect(cells(html)[0]).toMatch(/^[-+]\d+\.\d pts$/);
      } else {
        // Coin-flip has no decisions: no value, so no interval either (summary.json keeps [0, 1] shifted).
        expect(advantage).toEqual({ kind: 'difference', path: 'quality.firstMover.advantage', value: null, lower: null, upper: null });
        expect(csv).toContain('quality.firstMover.advantage,difference,,,,,,,,,');
        expect(cells(html)).toEqual(['none', 'no interval']);
      }
    }
  });
});

describe('quality figures as check and tune metrics', () => {
  it('a check takes a quality rate, and a quality mean in its own units', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-quality-check-'));
    const file = join(dir, 'q.checks.yaml');
    // Uniformly random tic-tac-toe ends drawn about 12.7% of the time.
    writeFileSync(
      file,
      'checks:\n' +
        '  - name: draws\n    game: tic-tac-toe\n    seats: [random, random]\n    metric: quality.draw\n    between: [0.03, 0.4]\n    budget: 4000\n    batch: 200\n' +
        '  - name: branching\n    game: tic-tac-toe\n    seats: [random, random]\n    metric: quality.branching\n    atLeast: 4\n    margin: 0.1\n    budget: 400\n',
    );
    const { checks } = await loadCheckFile(file);
    const [draws] = await runChecks(checks.slice(0, 1), { workers: 0 });
    expect(draws?.status).toBe('pass');
    expect(draws?.metric).toBe('quality.draw');
    // Random tic-tac-toe branches 5.58 ways a decision (tests/check-means.test.ts works it out).
    const [branching] = await runChecks(checks.slice(1), { workers: 0 });
    expect([branching?.kind, branching?.status, branching?.band]).toEqual(['mean', 'pass', 'at least 4']);
  });

  it('tune and sweep find every quality figure by its path', async () => {
    const text = 'game: zombie-trainers\nmatches: 20\nseed: 3\nparams:\n  maxRounds: 6\nseats: [greedy, random]\n';
    const evaluator = new Evaluator({ text, file: join(tmpdir(), 'tune-quality.yaml'), overrides: {} }, 0);
    try {
      const evaluation = await evaluator.start([]);
      await evaluator.extend(evaluation, 20);
      const metrics = await evaluator.metrics(evaluation);
      expect(pickMetric(metrics, 'quality.branching', 'test').kind).toBe('mean');
      expect(pickMetric(metrics, 'quality.decisiveness', 'test').n).toBeGreaterThan(0);
      expect(pickMetric(metrics, 'quality.chanceShare', 'test')).toMatchObject({ kind: 'rate', n: 20 });
    // The wins over the same matches, nested in it: a metric a check, tune or sweep can read too (review 29c).
    expect(pickMetric(metrics, 'quality.chanceShare.won', 'test')).toMatchObject({ kind: 'rate', n: 20 });
      expect(pickMetric(metrics, 'quality.firstMover.decidedWin', 'test').kind).toBe('rate');
    } finally {
      await evaluator.close();
    }
  });
});
