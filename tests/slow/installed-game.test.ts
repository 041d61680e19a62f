/**
 * A designer's game through the installed package (issue 17, point 6), in the slow tier
 * (`npm run test:slow`, not `npm test`): the package is packed (`npm pack`) and installed into a
 * fresh project, a small game is written there against the package's exports alone, and `conform`, `run`, `report` and `check` run it
 * through the installed `hordelab` bin; then `init game` and its `node --test`. Installing needs
 * the dependencies in the npm cache or a registry: without either the test is skipped, saying
 * why, except under CI=true, where it fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packAndInstall } from './package-install.js';

/** Player 1 wins First to six with `rounds` rounds with probability (6/11)(1 - (25/36)^rounds). */
const firstPlayerWins = (rounds: number): number => (6 / 11) * (1 - (25 / 36) ** rounds);

/** The game as a designer writes it from the README: plain JavaScript, everything from 'hordelab'. */
const GAME = `import { CHANCE, TERMINAL, param } from 'hordelab';

// Listed again at every decision, so frozen (the README's example does so; conform checks it).
const THROW = Object.freeze({ kind: 'throw' });
const ROLLS = [1, 2, 3, 4, 5, 6].map((value) => Object.freeze({ kind: 'roll', value }));
const over = (state) => state.winner >= 0 || state.turn >= 2 * state.rounds;

export default {
  id: 'first-six',
  title: 'First to six',
  seats: ['First', 'Second'],
  parameters: { rounds: param.int({ default: 20, min: 1, max: 1000, description: 'Rounds before a draw.' }) },
  utilityBounds: [-1, 1],
  hiddenInformation: false,
  maxLength: (params) => 4 * params.rounds,
  setup: (params) => ({ rounds: params.rounds, turn: 0, current: 0, thrown: false, winner: -1 }),
  currentPlayer: (state) => (over(state) ? TERMINAL : state.thrown ? CHANCE : state.current),
  legalActions(state, into = []) {
    into.length = 0;
    if (!over(state) && !state.thrown) into.push(THROW);
    return into;
  },
  chanceOutcomes: (state) => (state.thrown ? ROLLS.map((action) => ({ action, probability: 1 / 6 })) : []),
  sampleChance: (_state, rng) => ROLLS[rng.int(6)],
  apply(state, action, emit) {
    if (action.kind === 'throw') {
      state.thrown = true;
      return;
    }
    state.thrown = false;
    emit?.({ type: 'rolled', seat: state.current, value: action.value });
    if (action.value === 6) state.winner = state.current;
    else [state.turn, state.current] = [state.turn + 1, 1 - state.current];
  },
  isTerminal: over,
  returns: (state) => (state.winner === 0 ? [1, -1] : state.winner === 1 ? [-1, 1] : [0, 0]),
  heuristic: (state) => (state.winner === 0 ? [1, -1] : state.winner === 1 ? [-1, 1] : [0, 0]),
  observe: (state) => ({ ...state }),
  clone: (state) => ({ ...state }),
  actionKey: (action) => (action.kind === 'throw' ? 'throw' : \`roll(\${action.value})\`),
  describeState: (state) => \`turn \${state.turn}, seat \${state.current + 1}\`,
};
`;

describe('a game module through the installed package', () => {
  it('conforms, runs, reports and gates CI through the installed bin; init game makes a folder whose tests pass', (context) => {
    const work = mkdtempSync(join(tmpdir(), 'hordelab-installed-game-'));
    const { project, pack, install } = packAndInstall(work);
    expect(pack.status, pack.stderr).toBe(0);
    if (install?.status !== 0) {
      const reason = `npm could not install the packed package here (no registry and the dependencies not in the npm cache?): ${(install?.stderr ?? '').split('\n').find((line) => line.trim() !== '') ?? ''}`;
      if (process.env['CI'] === 'true') throw new Error(reason);
      context.skip(reason);
    }
    const bin = join(project, 'node_modules', '.bin', 'hordelab');
    expect(existsSync(bin)).toBe(true);
    const hordelab = (...args: string[]) => spawnSync(bin, args, { cwd: project, encoding: 'utf8', timeout: 300_000 });

    writeFileSync(join(project, 'first-six.mjs'), GAME);
    writeFileSync(join(project, 'first-six.yaml'), 'game: ./first-six.mjs\nmatches: 4000\nseed: 5\nseats: [random, random]\n');
    writeFileSync(
      join(project, 'first-six.checks.yaml'),
      'checks:\n  - name: first-player-edge\n    scenario: first-six.yaml\n    metric: seat1WinRate\n    between: [0.5, 0.6]\n    budget: 20000\n',
    );

    const conform = hordelab('conform', './first-six.mjs');
    expect(conform.stderr).toBe('');
    expect(conform.status).toBe(0);
    expect(conform.stdout).toMatch(/^Conforms: 15 properties passed\.$/m);

    const run = hordelab('run', 'first-six.yaml', '--out', 'run', '-q');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const summary = JSON.parse(readFileSync(join(project, 'run', 'summary.json'), 'utf8')) as { results: { seat1WinRate: { lower: number; upper: number } } };
    // The first player's edge, by hand: (6/11)(1 - (25/36)^20) = 54.5%.
    expect(summary.results.seat1WinRate.lower).toBeLessThan(firstPlayerWins(20));
    expect(summary.results.seat1WinRate.upper).toBeGreaterThan(firstPlayerWins(20));

    const report = hordelab('report', 'run');
    expect(report.stderr).toBe('');
    expect(report.status).toBe(0);
    expect(readFileSync(join(project, 'run', 'report.md'), 'utf8')).toContain('# First to six');

    const check = hordelab('check', 'first-six.checks.yaml');
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/first-player-edge\s+PASS/);

    const init = hordelab('init', 'game', 'dice-race');
    expect(init.status, init.stderr).toBe(0);
    const tests = spawnSync(process.execPath, ['--test', 'dice-race/dice-race.test.mjs'], { cwd: project, encoding: 'utf8', timeout: 300_000 });
    expect(tests.status, tests.stdout + tests.stderr).toBe(0);
    expect(hordelab('conform', 'dice-race/dice-race.mjs').status).toBe(0);
  }, 600_000);
});
