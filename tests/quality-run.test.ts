/**
 * Game-quality figures of whole runs: the same bytes whatever the workers and chunks, and every
 * figure as a check or tune metric. Apart from tests/quality.test.ts, which is in-process only
 * (the mutation tests of the match trace run it, and worker threads need the compiled build).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckFile } from '../src/check/check-file.js';
import { runChecks } from '../src/check/run-checks.js';
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
