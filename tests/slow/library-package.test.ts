/**
 * The package as a user gets it: packed with `npm pack`, installed into a fresh project (with no
 * install-script warning), and the README's library examples compiled there with
 * `tsc --strict` against the installed types and run. A result typed per game means a Zombie
 * Trainers result has no Integer Duel figure: that access must not compile.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packAndInstall, repo } from './package-install.js';

/**
 * The README's TypeScript blocks that use the package, each with the name of its file: the one
 * its first line gives (`// first-six.ts`, the name another block imports it by), else `example-N`.
 */
function readmeExamples(): { name: string; code: string }[] {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string).filter((code) => code.includes("from 'hordelab'"));
  return blocks.map((code, index) => ({ name: /^\/\/ ([\w-]+)\.ts\b/.exec(code)?.[1] ?? `example-${index + 1}`, code }));
}

/** Whether another example imports the example `name` (`from './first-six.js'`): a module, not a script to run. */
const importedByAnother = (name: string, examples: readonly { code: string }[]): boolean => examples.some(({ code }) => code.includes(`from './${name}.js'`));

describe('the packed package', () => {
  it('installs without warnings, and the README library examples compile with tsc --strict and run', () => {
    const examples = readmeExamples();
    expect(examples.length).toBeGreaterThanOrEqual(3);
    const work = mkdtempSync(join(tmpdir(), 'hordelab-package-'));
    const { project, pack, install } = packAndInstall(work);
    expect(pack.status, pack.stderr).toBe(0);
    expect(install?.status, install?.stderr).toBe(0);
    expect(`${install?.stdout}${install?.stderr}`).not.toMatch(/npm warn/i);
    // Nothing but what "files" lists: no tests, benches or sources in the package.
    const installed = join(project, 'node_modules', 'hordelab');
    const shipped = readdirSync(installed).filter((entry) => entry !== 'SECURITY.md' && entry !== 'node_modules');
    expect(shipped.sort()).toEqual(['LICENSE', 'README.md', 'dist', 'docs', 'examples', 'package.json', 'scenarios']);
    expect(readdirSync(join(installed, 'dist')).sort()).toEqual(['agents', 'src']);
    expect(readdirSync(join(installed, 'docs', 'games')).sort()).toEqual(['integer-duel.md', 'survivors.md', 'zombie-trainers.md']);

    const names = examples.map(({ name, code }) => {
      writeFileSync(join(project, `${name}.ts`), code);
      return name;
    });
    // Typed per game: a Zombie Trainers result has no plantsWinRate.
    writeFileSync(join(project, 'mistyped.ts'), "import { run } from 'hordelab';\nconst result = await run({ game: 'zombie-trainers', matches: 2, seed: 1, seats: ['random', 'random'] });\nexport const wrong: number = result.results.plantsWinRate.rate;\n");
    const tsconfig = (files: string[]) => ({
      // skipLibCheck, as most projects have it: checking every dependency's declarations (zod's)
      // would take most of this test's time and test them, not the examples.
      compilerOptions: { strict: true, skipLibCheck: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', outDir: 'out', types: ['node'], typeRoots: [join(repo, 'node_modules', '@types')] },
      files,
    });
    const tsc = (config: string) => spawnSync(process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config], { cwd: project, encoding: 'utf8' });
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig(names.map((name) => `${name}.ts`))));
    const compiled = tsc('tsconfig.json');
    expect(compiled.status, compiled.stdout).toBe(0);
    writeFileSync(join(project, 'tsconfig.mistyped.json'), JSON.stringify(tsconfig(['mistyped.ts'])));
    const mistyped = tsc('tsconfig.mistyped.json');
    expect(mistyped.status).not.toBe(0);
    expect(mistyped.stdout).toContain("Property 'plantsWinRate' does not exist");

    // A game module plays and prints nothing as it loads (audit 41a F9: the README's printed its
    // conformance report on every load, in every worker thread): the script that imports it does.
    for (const name of names.filter((name) => importedByAnother(name, examples))) {
      const loaded = spawnSync(process.execPath, [join(project, 'out', `${name}.js`)], { cwd: project, encoding: 'utf8', timeout: 60_000 });
      expect(loaded.status, `${name}: ${loaded.stderr}`).toBe(0);
      expect(loaded.stdout, name).toBe('');
    }
    const outputs = names.filter((name) => !importedByAnother(name, examples)).map((name) => {
      const ran = spawnSync(process.execPath, [join(project, 'out', `${name}.js`)], { cwd: project, encoding: 'utf8', timeout: 240_000 });
      expect(ran.status, `${name}: ${ran.stderr}`).toBe(0);
      expect(ran.stdout.trim().length, name).toBeGreaterThan(0);
      return ran.stdout;
    });
    expect(outputs[0]).toMatch(/^P1 wins \d+\.\d% \[\d+\.\d%, \d+\.\d%\] of 2000\n\[\]\n$/);
  }, 600_000);
});
