/**
 * The package as a user gets it: `npm pack` of this repository (its `dist` as built) installed
 * into a fresh project. Shared by the slow tier's library test (`library-package.test.ts`) and its
 * test of a designer's game through the installed bin (`installed-game.test.ts`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repo = resolve('.');
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What packing and installing printed, and where the project is. */
export interface InstalledPackage {
  readonly project: string;
  readonly pack: { readonly status: number | null; readonly stderr: string };
  readonly install: { readonly status: number | null; readonly stdout: string; readonly stderr: string } | null;
}

/**
 * Packs the package into `work` (`--ignore-scripts`: dist is packed as `npm test`'s pretest built
 * it) and installs the tarball into `work/project`, a fresh ES-module project. The dependencies
 * come from the npm cache when they are there (`--prefer-offline`).
 */
export function packAndInstall(work: string): InstalledPackage {
  const project = join(work, 'project');
  const packed = spawnSync(npm, ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: repo, encoding: 'utf8' });
  const pack = { status: packed.status, stderr: packed.stderr };
  if (packed.status !== 0) return { project, pack, install: null };
  const tarball = readdirSync(work).find((file) => file.endsWith('.tgz')) as string;
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const installed = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, tarball)], { cwd: project, encoding: 'utf8' });
  return { project, pack, install: { status: installed.status, stdout: installed.stdout, stderr: installed.stderr } };
}
