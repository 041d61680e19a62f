/** What `hordelab init` does; its flags and help are declared in `../commands/init.ts`. */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { makeFolders } from '../../run/atomic-file.js';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { gameTemplate } from '../../init/game-template.js';
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
  // A file above the folder: making the folders failed with a bare EEXIST (audit 37b M1).
  const existing = nearestExisting(folder);
  if (!existing.isFolder && existing.path !== folder) {
    const what = statSync(existing.path).isFile() ? 'a file' : 'not a folder (a pipe, socket or device)';
    throw new UsageError([{ source: '<name>', field: '', message: `${name}: ${existing.path} is ${what}, so no folder can be made inside it` }]);
  }
  if (existsSync(folder)) {
    if (!statSync(folder).isDirectory()) throw new UsageError([{ source: '<name>', field: '', message: `${name} is a file; expected a new folder` }]);
    if (readdirSync(folder).length > 0) throw new UsageError([{ source: '<name>', field: '', message: `${name} is a folder that is not empty; expected a new or empty folder, so nothing of yours is overwritten` }]);
  }
  const files = gameTemplate(id);
  try {
    makeFolders(folder);
    for (const file of files) writeFileSync(join(folder, file.name), file.text, { flag: 'wx' });
  } catch (error) {
    throw writeProblem(error, '<name>', folder);
  }
  const [game, scenario, checks, test] = files.map((file) => join(name, file.name));
  const run = join(name, 'run');
  const steps: [string, string][] = [
    // The module imports 'hordelab': outside a project that has it, nothing below would load it.
    ...(hordelabInstalledAbove(folder) ? [] : ([['npm install hordelab', `the game imports it, and no node_modules above ${name} has it`]] as [string, string][])),
    [`npx hordelab conform ${game}`, 'the game keeps the contract'],
    [`npx hordelab run ${scenario} --out ${run}`, 'play its matches'],
    [`npx hordelab report ${run}`, 'report.html and report.md'],
    [`npx hordelab check ${checks}`, 'the balance gate for CI'],
    [`node --test ${test}`, "the game's own tests"],
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  io.stdout.write(`Wrote ${name}/: ${files.map((file) => file.name).join(', ')}\n\nNext:\n${steps.map(([command, meaning]) => `  ${command.padEnd(width)}  ${meaning}\n`).join('')}`);
  return 0;
}

/** Whether a `node_modules/hordelab` lies in `folder` or a folder above it (where Node would find the package). */
function hordelabInstalledAbove(folder: string): boolean {
  for (let at = resolve(folder); ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules', 'hordelab'))) return true;
    if (dirname(at) === at) return false;
  }
}
