/**
 * What the command line loads before it knows it needs it. Help and `--version` are read from
 * the commands' declarations alone, and a command's work (games, schemas, the thread pool, the
 * page renderer) is loaded only when the command runs (`loadedOnRun` in `src/cli/command.ts`):
 * a CLI process had cost some 0.5 s of CPU before any work, every command's modules first.
 * Measured by the modules a process loads, not by time: a declaration that imports something
 * heavy again fails here.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_BIN } from './cli-harness.js';

const HOOK = resolve('tests/fixtures/loaded-modules.mjs');

/** The modules `hordelab ...args` loads, as paths inside the project (`dist/src/games/...`, `node_modules/zod/...`). */
function modulesLoadedBy(...args: string[]): { status: number | null; stdout: string; loaded: string[] } {
  const child = spawnSync(process.execPath, ['--import', HOOK, CLI_BIN, ...args], { encoding: 'utf8' });
  const root = `${resolve('.')}/`;
  const loaded = child.stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded file://'))
    .map((line) => decodeURIComponent(line.slice('loaded file://'.length)).replace(root, ''))
    // A package as `node_modules/<name>/...`, wherever its folder is (a clone may link another's).
    .map((path) => (path.includes('/node_modules/') ? path.slice(path.lastIndexOf('/node_modules/') + 1) : path));
  return { status: child.status, stdout: child.stdout, loaded };
}

const under = (loaded: readonly string[], prefix: string): string[] => loaded.filter((path) => path.startsWith(prefix));

describe('what the command line loads', () => {
  it('answers --version and --help from the declarations: no package, no game, no run code', () => {
    for (const args of [['--version'], ['--help'], ['help', 'tune']]) {
      const { status, stdout, loaded } = modulesLoadedBy(...args);
      expect(status, args.join(' ')).toBe(0);
      expect(stdout.length).toBeGreaterThan(0);
      // The hook saw the command line itself, so an empty list below is not a hook that failed.
      expect(loaded).toContain('dist/src/cli/cli.js');
      expect(loaded).toContain('dist/src/cli/commands/tune.js');
      for (const heavy of ['node_modules/', 'dist/src/games/', 'dist/src/scenario/', 'dist/src/run/run-scenario.js', 'dist/src/cli/handlers/', 'dist/src/present/']) {
        expect(under(loaded, heavy), `${args.join(' ')} loads ${heavy}`).toEqual([]);
      }
    }
  });

  it("reads a command's flags with the parser alone: run --help loads no game and no schema library", () => {
    const { status, stdout, loaded } = modulesLoadedBy('run', '--help');
    expect(status).toBe(0);
    expect(stdout).toContain('--chunk-size');
    expect(under(loaded, 'node_modules/yargs/').length).toBeGreaterThan(0);
    for (const heavy of ['node_modules/zod/', 'node_modules/yaml/', 'dist/src/games/', 'dist/src/cli/handlers/']) {
      expect(under(loaded, heavy), `run --help loads ${heavy}`).toEqual([]);
    }
  });

  it('loads the command it runs, and only that one', () => {
    const { status, stdout, loaded } = modulesLoadedBy('plan', '--rate', '0.5', '--margin', '0.02');
    expect(status).toBe(0);
    expect(stdout).toMatch(/\d/);
    expect(under(loaded, 'dist/src/cli/handlers/')).toEqual(['dist/src/cli/handlers/plan.js']);
    expect(under(loaded, 'dist/src/games/')).toEqual([]);
  });
});
