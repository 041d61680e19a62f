/** What `hordelab init` does; its flags and help are declared in `../commands/init.ts`. */
import { existsSync, readFileSync, readdirSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { makeFolders } from '../../run/atomic-file.js';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../../core/errors.js';
import { NAME_MAX } from '../../core/name-length.js';
import { gameTemplate, type TemplateFile } from '../../init/game-template.js';
import { games } from '../../registry.js';
import { nearestExisting, writeProblem } from '../../present/output-folder.js';
import type { CliIo, ParsedArguments } from '../command.js';

const KINDS = ['game'] as const;
const GAME_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const kind = args.required('kind');
  if (!(KINDS as readonly string[]).includes(kind)) throw new UsageError([{ source: '<kind>', field: '', message: `expected ${KINDS.join(', ')}, got "${kind}"` }]);
  const name = args.required('name');
  // resolve, not join: an absolute name is that folder, not one under the working folder.
  const folder = resolve(io.cwd, name);
  const id = basename(name);
  if (!GAME_ID.test(id)) {
    throw new UsageError([{ source: '<name>', field: '', message: `"${id}" names the game and its files: expected lowercase letters, digits and single dashes, starting with a letter, such as dice-race` }]);
  }
  // Every command refuses a module declaring a built-in game's id: a folder of files no command would take.
  if (games.has(id)) {
    throw new UsageError([{ source: '<name>', field: '', message: `"${id}" is a built-in game's id, and the folder's last part names the new game; expected another name, such as my-${id}` }]);
  }
  const files = gameTemplate(id);
  // A name too long for a file name was found at its third file, with two written (audit 39c F5).
  const longest = files.reduce((name, file) => (Buffer.byteLength(file.name) > Buffer.byteLength(name) ? file.name : name), '');
  if (Buffer.byteLength(longest) > NAME_MAX) {
    throw new UsageError([{ source: '<name>', field: '', message: `"${id}" is too long: the game's files are named after it, and ${longest} would be ${Buffer.byteLength(longest)} bytes, where file systems take ${NAME_MAX}; expected a shorter name` }]);
  }
  // A file above the folder: making the folders failed with a bare EEXIST (audit 37b M1).
  let existing: { path: string; isFolder: boolean };
  try {
    existing = nearestExisting(folder);
  } catch (error) {
    // A path too long as a whole (ENAMETOOLONG) was an internal failure (audit 39c F5).
    throw writeProblem(error, '<name>', folder);
  }
  if (!existing.isFolder && existing.path !== folder) {
    const what = statSync(existing.path).isFile() ? 'a file' : 'not a folder (a pipe, socket or device)';
    throw new UsageError([{ source: '<name>', field: '', message: `${name}: ${existing.path} is ${what}, so no folder can be made inside it` }]);
  }
  if (existsSync(folder)) {
    if (!statSync(folder).isDirectory()) throw new UsageError([{ source: '<name>', field: '', message: `${name} is a file; expected a new folder` }]);
    if (readdirSync(folder).length > 0) throw new UsageError([{ source: '<name>', field: '', message: `${name} is a folder that is not empty; expected a new or empty folder, so nothing of yours is overwritten` }]);
  }
  writeAllOrNone(folder, existing.path, files);
  // As typed, less a trailing slash ("Wrote x//" for x/), each path quoted for the shell where it
  // needs it: a folder with a space broke every step pasted as printed (audit 39c F3).
  const shown = name.length > 1 ? name.replace(/[\\/]+$/, '') : name;
  const [game, scenario, checks, test] = files.map((file) => shellWord(join(shown, file.name)));
  const run = shellWord(join(shown, 'run'));
  const steps: [string, string][] = [
    // The module imports 'hordelab': outside a project that has it, nothing below would load it.
    ...(hordelabReachable(folder) ? [] : ([[installStep(io.cwd, folder, shown), `the game imports it, and no node_modules above ${shown} has it`]] as [string, string][])),
    [`npx hordelab conform ${game}`, 'the game keeps the contract'],
    [`npx hordelab run ${scenario} --out ${run}`, 'play its matches'],
    [`npx hordelab report ${run}`, 'report.html and report.md'],
    [`npx hordelab check ${checks}`, 'the balance gate for CI'],
    [`node --test ${test}`, "the game's own tests"],
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  io.stdout.write(`Wrote ${shown}/: ${files.map((file) => file.name).join(', ')}\n\nNext:\n${steps.map(([command, meaning]) => `  ${command.padEnd(width)}  ${meaning}\n`).join('')}`);
  return 0;
}

/**
 * The command that installs this hordelab where the new game's module finds it: `npm install` run here
 * installs into the project npm finds from here (the nearest folder above with a package.json or
 * node_modules, else this one), which serves the game only when its folder lies in it; else it is
 * run from the game's folder (audit 39c F9: printed for a folder elsewhere, it installed into the
 * wrong project).
 */
function installStep(cwd: string, folder: string, shown: string): string {
  const install = `npm install ${shellWord(runningPackageRoot())}`;
  let prefix = resolve(cwd);
  for (let at = prefix; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json')) || existsSync(join(at, 'node_modules'))) {
      prefix = at;
      break;
    }
    if (dirname(at) === at) break;
  }
  const inside = relative(prefix, folder);
  const served = inside === '' || (!inside.startsWith('..') && !isAbsolute(inside));
  return served ? install : `(cd ${shellWord(shown)} && ${install})`;
}

/**
 * The folder of the hordelab package this command runs from: what the install step installs.
 * Hordelab is not on the npm registry, where `npm install hordelab` failed with E404 (audit 41a
 * F10); this copy, a clone or an installed tarball, is at hand.
 */
function runningPackageRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let at = here; ; at = dirname(at)) {
    if (isHordelabPackage(join(at, 'package.json'))) return at;
    if (dirname(at) === at) return here;
  }
}

/**
 * Writes `files` into `folder` (made, with any folders missing above it, below `existing`), all
 * or none: a write that fails removes the files written before it and the folders made for them.
 */
function writeAllOrNone(folder: string, existing: string, files: readonly TemplateFile[]): void {
  const written: string[] = [];
  try {
    makeFolders(folder);
    for (const file of files) {
      writeFileSync(join(folder, file.name), file.text, { flag: 'wx' });
      written.push(join(folder, file.name));
    }
  } catch (error) {
    for (const path of written) rmSync(path, { force: true });
    for (let at = folder; at !== existing && at !== dirname(at); at = dirname(at)) {
      try {
        rmdirSync(at);
      } catch {
        break;
      }
    }
    throw writeProblem(error, '<name>', folder);
  }
}

/** `path` as one shell word: as it is when it holds nothing a shell reads, else in single quotes. */
function shellWord(path: string): string {
  return /^[A-Za-z0-9_./@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/**
 * Whether Node would find the package 'hordelab' from a module in `folder`: a
 * `node_modules/hordelab` in it or above it, or the hordelab package itself around it (a module
 * inside a package imports that package by its own name).
 */
function hordelabReachable(folder: string): boolean {
  let nearestPackageSeen = false;
  for (let at = resolve(folder); ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules', 'hordelab'))) return true;
    if (!nearestPackageSeen && existsSync(join(at, 'package.json'))) {
      nearestPackageSeen = true;
      if (isHordelabPackage(join(at, 'package.json'))) return true;
    }
    if (dirname(at) === at) return false;
  }
}

/** Whether the package.json at `path` is hordelab's own, with the exports a self-reference needs. */
function isHordelabPackage(path: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown; exports?: unknown };
    return manifest.name === 'hordelab' && manifest.exports !== undefined;
  } catch {
    return false;
  }
}
