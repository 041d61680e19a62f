/** The README must stay true to the code: every parameter documented, the version consistent. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { games } from '../src/registry.js';
import { HORDELAB_VERSION } from '../src/version.js';

const readme = readFileSync('README.md', 'utf8');

describe('docs', () => {
  it('lists every parameter of every registered game in the README', () => {
    for (const { game } of games.values()) {
      for (const name of Object.keys(game.parameters)) expect(readme, `${game.id}.${name}`).toContain(`\`${name}\``);
    }
  });

  it('shows the user agent and custom metric examples exactly as shipped in examples/', () => {
    expect(readme).toContain(readFileSync('examples/heuristic-picker.mjs', 'utf8'));
    expect(readme).toContain(readFileSync('examples/moves-per-turn.mjs', 'utf8'));
  });

  it('lists every registered agent and every shipped scenario', async () => {
    const { agents } = await import('../src/registry.js');
    for (const id of agents.keys()) expect(readme).toContain(`| \`${id}\` |`);
    const { readdirSync } = await import('node:fs');
    for (const file of readdirSync('scenarios')) expect(readme, file).toContain(`\`${file}\``);
  });

  it('names every flag of every command', async () => {
    const { COMMANDS } = await import('../src/cli/commands/index.js');
    for (const command of COMMANDS) {
      expect(readme, command.name).toContain(`hordelab ${command.name}`);
      for (const [name, spec] of Object.entries(command.options)) {
        // A flag on by default is documented by the way to turn it off.
        const written = spec.type === 'boolean' && spec.default === true ? `--no-${name}` : `--${name}`;
        expect(readme, `${command.name} ${written}`).toContain(written);
      }
    }
  });

  it('gives the two fresh-machine commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm install && npm test');
  });

  it('offers the library entry package.json names, with the registry and the run API', async () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: { '.': { default: string } } };
    expect(pkg.exports['.'].default).toBe('./dist/src/index.js');
    const library = await import('../src/index.js');
    expect([...library.games.keys()]).toEqual([...games.keys()]);
    for (const name of ['runScenario', 'loadScenario', 'playMatch', 'mergeRuns', 'replayMatch', 'rateInterval', 'clusteredRate', 'clusteredMean']) {
      expect(typeof (library as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(library.mctsAgent.id).toBe('mcts');
  });

  it('records the same version as package.json', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; name: string; bin: Record<string, string> };
    expect(HORDELAB_VERSION).toBe(pkg.version);
    expect(pkg.name).toBe('hordelab');
    expect(Object.keys(pkg.bin)).toEqual(['hordelab']);
  });
});
