#!/usr/bin/env node
// Regenerates the README's screenshots in docs/images/ from real runs: the default scenario's
// report (its top and its charts), a 1-D and a 2-D sweep, a comparison page, and a replay of
// each seed game. Run it with `npm run screenshots` (it builds first); it needs Chromium.
// Every page is made by the command line exactly as a user would make it, in a temporary
// folder, then photographed in headless Chromium at 1,000 px wide through a small frame page
// that scrolls to the part shown.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'src', 'cli', 'main.js');
const images = join(root, 'docs', 'images');
const work = mkdtempSync(join(tmpdir(), 'hordelab-screenshots-'));

function hordelab(...args) {
  return hordelabIn(root, ...args);
}

function hordelabIn(cwd, ...args) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`hordelab ${args.join(' ')} failed:\n${result.stderr}`);
  process.stderr.write(`  hordelab ${args.join(' ')}\n`);
}

function findChromium() {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim() !== '') return found.stdout.trim();
  }
  throw new Error('screenshots need Chromium (apt-get install chromium)');
}
const chromium = findChromium();

/** Photographs `page` (a file, with an optional #fragment) at 1000 × height, scrolled to element `anchor`. */
function photograph(name, page, height, anchor = null) {
  const frame = join(work, `${name}-frame.html`);
  const scroll = anchor === null ? '' : `var target = this.contentDocument.getElementById(${JSON.stringify(anchor)}); this.contentWindow.scrollTo(0, target.getBoundingClientRect().top - 8);`;
  writeFileSync(
    frame,
    `<!doctype html><html><body style="margin:0"><iframe src="file://${page}" style="width:1000px;height:${height}px;border:0" onload='${scroll}'></iframe></body></html>`,
  );
  const out = join(images, `${name}.png`);
  const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--hide-scrollbars', '--allow-file-access-from-files', '--virtual-time-budget=3000'];
  const result = spawnSync(chromium, [...flags, `--screenshot=${out}`, `--window-size=1000,${height}`, `file://${frame}`], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`chromium failed for ${name}: ${result.stderr}`);
  process.stderr.write(`  wrote docs/images/${name}.png\n`);
}

/** The first step of a replay page whose events match `pattern`, plus `after` steps. */
function stepOf(page, pattern, after = 0) {
  const json = /<script type="application\/json" id="replay-data">([\s\S]*?)<\/script>/.exec(readFileSync(page, 'utf8'))[1];
  const steps = JSON.parse(json).steps;
  const index = steps.findIndex((step) => step[3].some(([text]) => pattern.test(text)));
  return Math.min(steps.length - 1, Math.max(0, index) + after);
}

mkdirSync(images, { recursive: true });
try {
  process.stderr.write('The default scenario and its report\n');
  const run = join(work, 'trainers-first-player');
  hordelab('run', 'scenarios/trainers-first-player.yaml', '--out', run, '--quiet', '--report', 'html');
  photograph('report', join(run, 'report.html'), 1450);
  photograph('report-charts', join(run, 'report.html'), 1150, 'tie-advantage');

  process.stderr.write('Sweeps\n');
  const sweep1 = join(work, 'sweep-1d');
  hordelab('sweep', 'scenarios/trainers-first-player.yaml', '--vary', 'actionPoints=3,4,5,6', '-n', '2000', '--out', sweep1, '--quiet');
  photograph('sweep-1d', join(sweep1, 'sweep.html'), 1000);
  const sweep2 = join(work, 'sweep-2d');
  hordelab('sweep', 'scenarios/trainers-first-player.yaml', '--vary', 'actionPoints=3,4,5', '--vary', 'traps.80=0,1,2,3', '-n', '1000', '--out', sweep2, '--quiet');
  photograph('sweep-2d', join(sweep2, 'sweep.html'), 720);

  process.stderr.write('A comparison\n');
  // Run from the work folder, so the page names the runs as a user would see them.
  const scenario = join(root, 'scenarios', 'trainers-first-player.yaml');
  hordelabIn(work, 'run', scenario, '-n', '5000', '--out', 'reports/baseline', '--quiet');
  hordelabIn(work, 'run', scenario, '-n', '5000', '--seed', '2', '--set', 'traps={40: 2, 60: 2, 80: 3}', '--out', 'reports/traps-up', '--quiet');
  hordelabIn(work, 'compare', 'reports/baseline', 'reports/traps-up', '--format', 'html', '--out', 'compare.html');
  photograph('compare', join(work, 'compare.html'), 1250);

  process.stderr.write('Replays of the seed games\n');
  for (const [name, scenario, match, pattern, after] of [
    ['replay-zombie-trainers', 'scenarios/trainers-first-player.yaml', 3, /catches a zombie/, 2],
    ['replay-integer-duel', 'scenarios/duel-deck-balance.yaml', 1, /cast /, 1],
    ['replay-survivors', 'scenarios/survivors-survive.yaml', 2, /a zombie is killed/, 0],
  ]) {
    const page = join(work, `${name}.html`);
    hordelab('replay', scenario, '--match', String(match), '--html', page);
    photograph(name, `${page}#step=${stepOf(page, pattern, after)}`, 760);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
