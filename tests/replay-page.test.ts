/**
 * `hordelab replay --html`: the very match the run played, drawn at every step by the game's
 * render part (a state description for a game without one), in one page with no network
 * access; in headless Chromium, two steps of each seed game show the board and differ.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hordelabIn } from './cli-harness.js';
import { formatSeed } from '../src/core/rng.js';
import { games } from '../src/registry.js';
import { sealOwnFile } from '../src/present/own-files.js';
import { recordReplay, replayPage, type Replay } from '../src/present/replay-page.js';
import { replayMatch } from '../src/run/replay.js';
import { loadScenario, parseScenario } from '../src/scenario/scenario.js';
import { differingRegions, pixelsNear, readPng, type Box } from './fixtures/png.js';

const CLI = resolve('dist/src/cli/main.js');
const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-replay-'));

function findChromium(): string | null {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim() !== '') return found.stdout.trim();
  }
  return null;
}
const chromium = findChromium();
// CI installs Chromium (.ci/run): there a missing browser fails the test instead of skipping it.
const noBrowser = chromium === null && process.env['CI'] !== 'true';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--hide-scrollbars', '--virtual-time-budget=5000'];

const SEED_GAMES = [
  { file: 'scenarios/trainers-first-player.yaml', match: 3, floor: '#d9edc2' },
  { file: 'scenarios/duel-deck-balance.yaml', match: 1, floor: '#fbf7ee' },
  { file: 'scenarios/survivors-survive.yaml', match: 2, floor: '#f4f1ea' },
] as const;

/** The layers of a step as the page draws them. */
const drawn = (replay: Replay, step: number): string => (replay.steps[step]?.layers ?? []).map((index) => replay.layers[index]).join('');

describe('the replay page', () => {
  it('records the same match as the text replay, deterministically, and draws what the state holds', async () => {
    for (const { file, match } of SEED_GAMES) {
      const scenario = await loadScenario(file, { matches: 10 });
      const replay = recordReplay(scenario, match);
      const lines: string[] = [];
      const outcome = replayMatch(scenario, match, (line) => lines.push(line));
      expect(replay.steps.length, file).toBe(outcome.steps + 1);
      expect(replay.returns).toEqual(outcome.returns);
      expect(replay.matchSeed).toBe(formatSeed(outcome.seed));
      expect(replay.failure).toBeNull();
      if (file === SEED_GAMES[1].file) expect(replayPage(recordReplay(scenario, match))).toBe(replayPage(replay));
      expect(replay.board).not.toBeNull();
      // Chance outcomes are logged as they happen.
      expect(replay.steps.some((step) => step.chance && !step.action.startsWith('chance'))).toBe(true);
    }
    // Zombie Trainers: both trainers start where rule 7 puts them (first and last grass cell).
    const trainers = recordReplay(await loadScenario(SEED_GAMES[0].file), 3);
    expect(drawn(trainers, 0)).toContain('<circle cx="32" cy="32" r="14"');
    expect(drawn(trainers, 0)).toContain('<circle cx="392" cy="392" r="14"');
    // Survivors: every zombie on the board is drawn, no more.
    const survivors = recordReplay(await loadScenario(SEED_GAMES[2].file), 2);
    const spec = games.get('survivors');
    expect(spec?.render).toBeDefined();
    const last = survivors.steps.length - 1;
    const zombiesAtEnd = (drawn(survivors, last).match(/href="#survivors-zombie"/g) ?? []).length;
    expect(survivors.steps[last]?.description).toContain(`zombies ${zombiesAtEnd},`);
  });

  it('is one self-contained page: no script or style fetched, the data inline and escaped', async () => {
    const scenario = await loadScenario(SEED_GAMES[1].file);
    const page = replayPage(recordReplay(scenario, 0));
    expect(page).not.toMatch(/<script[^>]+src=|<link|src="http|href="http|url\(/);
    const data = /<script type="application\/json" id="replay-data">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data).steps.length).toBeGreaterThan(50);
  });

  it('shows state descriptions for a game without a render part', async () => {
    const scenario = await parseScenario('game: tic-tac-toe\nmatches: 1\nseed: 1\nseats: [random, random]\n', 'ttt.yaml');
    const replay = recordReplay(scenario, 0);
    expect(replay.board).toBeNull();
    const page = replayPage(replay);
    expect(page).toContain('<div class="generic" id="generic">');
    expect(page).not.toContain('<svg');
  });

  it('records a match that fails up to the step it failed at, and shows why (audit 39a F5)', async () => {
    const dir = tempDir();
    // Tic-tac-toe has no chance: X plays steps 0, 2, 4, so X's third decision is step 4.
    writeFileSync(join(dir, 'third.mjs'), "export default () => { let decisions = 0; return { chooseAction: () => { if (decisions++ === 2) throw new Error('gave up <here>'); return 0; } }; };\n");
    writeFileSync(join(dir, 's.yaml'), 'game: tic-tac-toe\nmatches: 3\nseed: 5\nseats: [./third.mjs, random]\n');
    const replay = recordReplay(await loadScenario(join(dir, 's.yaml')), 1);
    expect(replay.failure?.step).toBe(4);
    expect(replay.failure?.timedOut).toBe(false);
    expect(replay.failure?.message).toContain('failed at step 4: gave up <here>');
    // Steps 0 to 4: the last is the state the failing step was played from.
    expect(replay.steps).toHaveLength(5);
    expect(replay.returns).toEqual([]);
    const page = replayPage(replay);
    expect(page).toContain('4 steps; failed, no returns');
    expect(page).toMatch(/<p class="failure" role="alert">match 1 of run seed 5 \(match seed [0-9a-f]{16}\) failed at step 4: gave up &lt;here&gt;\. The last step shown, 4, is the state the step that failed was played from\.<\/p>/);
    // The command writes it, then reports the failure as the text replay does: exit 1.
    const result = spawnSync(process.execPath, [CLI, 'replay', 's.yaml', '--match', '1', '--html', 'failed.html'], { cwd: dir, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stdout).toBe('Wrote failed.html (the match did not end: its steps up to step 4, then why)\n');
    expect(result.stderr).toMatch(/^hordelab: match 1 of run seed 5 \(match seed [0-9a-f]{16}\) failed at step 4: gave up <here>\n {2}reproduce: hordelab replay /);
    // As built, with its mark's digest filled in as it is written.
    expect(readFileSync(join(dir, 'failed.html'), 'utf8')).toBe(sealOwnFile('replay page', page));
  });

  it('names each control by what it does, not by its glyphs (audit 39a F10)', async () => {
    const scenario = await parseScenario('game: tic-tac-toe\nmatches: 1\nseed: 1\nseats: [random, random]\n', 'ttt.yaml');
    const page = replayPage(recordReplay(scenario, 0));
    const controls = [...page.matchAll(/<(button|select) ([^>]*)>/g)].map((control) => control[2] ?? '');
    expect(controls).toHaveLength(8);
    for (const attributes of controls) {
      const title = /title="([^"]+)"/.exec(attributes)?.[1];
      expect(title, attributes).toBeDefined();
      expect(attributes).toContain(`aria-label="${title}"`);
    }
    expect(page).toContain('<button id="first" title="First step (Home)" aria-label="First step (Home)">|◀</button>');
  });

  it("shows a describeState that throws at the steps it threw on, instead of failing the page (a run never calls it)", async () => {
    const scenario = await parseScenario('game: tic-tac-toe\nmatches: 1\nseed: 1\nseats: [random, random]\n', 'ttt.yaml');
    const game = { ...scenario.entry.game, describeState: (): string => { throw new Error('no words for this'); } };
    const replay = recordReplay({ ...scenario, entry: { ...scenario.entry, game } }, 0);
    expect(replay.steps.length).toBeGreaterThan(5);
    for (const step of replay.steps) expect(step.description).toBe('(describeState threw: no words for this)');
  });

  it('is written by hordelab replay --html, and a missing folder is refused with exit 2', () => {
    const dir = tempDir();
    const out = join(dir, 'match.html');
    const written = spawnSync(process.execPath, [CLI, 'replay', 'scenarios/trainers-first-player.yaml', '--match', '2', '--html', out], { encoding: 'utf8' });
    expect(written.status, written.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('Zombie Trainers: match 2 of trainers-first-player');
    const missing = spawnSync(process.execPath, [CLI, 'replay', 'scenarios/trainers-first-player.yaml', '--match', '2', '--html', join(dir, 'no', 'match.html')], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--html: cannot write');
  });

  it('--html never overwrites a file hordelab did not write, nor the scenario; its own earlier page it replaces', async () => {
    const dir = tempDir();
    const scenario = 'game: coin-flip\nmatches: 40\nseed: 1\nseats: [random, random]\n';
    writeFileSync(join(dir, 's.yaml'), scenario);
    // A run's summary is no page of replay's, and a hard link to the scenario is the scenario.
    writeFileSync(join(dir, 'summary.json'), '{"scenario": {}}\n');
    linkSync(join(dir, 's.yaml'), join(dir, 'linked.html'));
    const files = (): string[] => readdirSync(dir).sort().map((name) => `${name}: ${readFileSync(join(dir, name), 'base64')}`);
    for (const [out, message] of [
      ['summary.json', 'exists and was not written by hordelab; name a new file or remove it'],
      ['s.yaml', 'is the scenario file, which this command reads; name a new file'],
      ['linked.html', 'is the scenario file, which this command reads; name a new file'],
    ] as const) {
      const before = files();
      const refused = await hordelabIn(dir, 'replay', 's.yaml', '--match', '3', '--html', out);
      expect(refused.status, out).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.split('\n')).toEqual([`hordelab: --html: ${join(dir, out)} ${message}`, '']);
      expect(files()).toEqual(before);
    }
    expect(readFileSync(join(dir, 's.yaml'), 'utf8')).toBe(scenario);
    for (const match of ['3', '4']) {
      const written = await hordelabIn(dir, 'replay', 's.yaml', '--match', match, '--html', 'match.html');
      expect(written.status, written.stderr).toBe(0);
    }
    expect(readFileSync(join(dir, 'match.html'), 'utf8')).toContain('<meta name="generator" content="hordelab replay">');
    expect(readFileSync(join(dir, 'match.html'), 'utf8')).toContain('match 4 of s');
    // Its own page with something added or changed since is someone's now: refused, left as it is (audit 41b F1).
    const written = readFileSync(join(dir, 'match.html'), 'utf8');
    for (const edited of [`${written}<p>my notes</p>\n`, written.replace('match 4 of s', 'match 4 of s, my favourite')]) {
      writeFileSync(join(dir, 'match.html'), edited);
      const refused = await hordelabIn(dir, 'replay', 's.yaml', '--match', '3', '--html', 'match.html');
      expect(refused.status).toBe(2);
      expect(refused.stderr.split('\n')).toEqual([`hordelab: --html: ${join(dir, 'match.html')} is not as hordelab wrote it: its content is not the replay page its mark records (added to, changed, or cut short); name a new file or remove it`, '']);
      expect(readFileSync(join(dir, 'match.html'), 'utf8')).toBe(edited);
    }
    writeFileSync(join(dir, 'match.html'), written);
    expect((await hordelabIn(dir, 'replay', 's.yaml', '--match', '3', '--html', 'match.html')).status).toBe(0);
  });

  it.skipIf(noBrowser)('in headless Chromium, #step=N opens step N only for a whole decimal N, past the end the last, else the start (audit 41c F3)', async () => {
    expect(chromium, 'Chromium is missing: install it (apt-get install chromium)').not.toBeNull();
    const dir = tempDir();
    const scenario = await parseScenario('game: tic-tac-toe\nmatches: 1\nseed: 1\nseats: [random, random]\n', 'ttt.yaml');
    const replay = recordReplay(scenario, 0);
    const last = replay.steps.length - 1;
    expect(last).toBeGreaterThan(3);
    writeFileSync(join(dir, 'replay.html'), replayPage(replay));
    const opened: [string, number][] = [
      ['#step=3', 3],
      ['#step=03', 3],
      ['#step=99999', last],
      ['', 0],
      ['#step=', 0],
      ['#step=1e3', 0],
      ['#step=2.5', 0],
      ['#step=3x', 0],
      ['#step=-1', 0],
      ['#step=abc', 0],
      ['#xstep=3', 0],
    ];
    // One browser start: each fragment in a frame, and the frames' positions read into the page
    // (file pages may read each other only with --allow-file-access-from-files).
    const frames = opened.map(([fragment]) => `<iframe src="replay.html${fragment}"></iframe>`).join('');
    const reader = "window.onload = function () { var seen = []; for (var i = 0; i < frames.length; i++) seen.push(frames[i].document.getElementById('position').textContent); document.getElementById('seen').textContent = seen.join('|'); };";
    writeFileSync(join(dir, 'frames.html'), `<!doctype html><html><body>${frames}<pre id="seen"></pre><script>${reader}</script></body></html>`);
    const result = spawnSync(chromium as string, [...FLAGS, '--allow-file-access-from-files', '--dump-dom', `file://${join(dir, 'frames.html')}`], { encoding: 'utf8', timeout: 90_000 });
    expect(result.status, result.stderr).toBe(0);
    const seen = /<pre id="seen">([^<]*)<\/pre>/.exec(result.stdout)?.[1]?.split('|');
    expect(seen).toEqual(opened.map(([, step]) => `step ${step} of ${last}`));
  }, 120_000);

  it.skipIf(noBrowser)('in headless Chromium, two steps of each seed game show the board and differ', async () => {
    expect(chromium, 'Chromium is missing: install it (apt-get install chromium)').not.toBeNull();
    const dir = tempDir();
    // One browser start for all: each page at two steps, side by side in frames of 1000 × 760.
    const frames: string[] = [];
    const steps: number[][] = [];
    for (const [row, { file, match }] of SEED_GAMES.entries()) {
      const replay = recordReplay(await loadScenario(file), match);
      const page = join(dir, `replay-${row}.html`);
      writeFileSync(page, replayPage(replay));
      const later = Math.min(replay.steps.length - 1, 120);
      steps.push([0, later]);
      [0, later].forEach((step, column) =>
        frames.push(`<iframe src="replay-${row}.html#step=${step}" style="position:absolute;left:${column * 1000}px;top:${row * 760}px;width:1000px;height:760px;border:0"></iframe>`),
      );
    }
    writeFileSync(join(dir, 'frames.html'), `<!doctype html><html><body style="margin:0">${frames.join('')}</body></html>`);
    const shot = join(dir, 'frames.png');
    const result = spawnSync(chromium as string, [...FLAGS, `--screenshot=${shot}`, `--window-size=2000,${760 * SEED_GAMES.length}`, `file://${join(dir, 'frames.html')}`], { encoding: 'utf8', timeout: 90_000 });
    expect(result.status, result.stderr).toBe(0);
    const image = readPng(shot);
    for (const [row, { file, floor }] of SEED_GAMES.entries()) {
      const boards = [0, 1].map((column) => ({ x: column * 1000 + 20, y: row * 760 + 75, width: 600, height: 380 }));
      for (const board of boards) expect(pixelsNear(image, floor, board), `${file}: the board is drawn`).toBeGreaterThan(5000);
      // Without the script both frames would show step 0: a difference says it drew the step asked for.
      expect(differingRegions(image, boards[0] as Box, boards[1] as Box), `${file}: steps ${steps[row]?.join(' and ')} differ`).toBeGreaterThan(200);
    }
  }, 120_000);
});
