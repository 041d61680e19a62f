import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest global setup: every test run gets one temporary folder of its own, removed when the run
 * ends. Tests make their scratch folders with `mkdtempSync(join(tmpdir(), ...))` and most never
 * removed them, so each `npm test` left about a thousand folders in the machine's /tmp. TMPDIR
 * is set before Vitest starts its workers, which inherit it, as do the CLI processes that tests
 * spawn, so `os.tmpdir()` names this folder everywhere in the run.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'hordelab-tests-'));
  const previous = process.env['TMPDIR'];
  process.env['TMPDIR'] = root;
  return () => {
    if (previous === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
