/**
 * The command line both build comparisons take (`compare-builds`, `compare-in-process`):
 * `--base DIR [--head DIR] [--rounds N] [--only NAME]`, each build a checkout with `npm ci` and
 * `npm run build` done; `--head` defaults to this checkout.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The value after `--name` on the command line, if any. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

export interface BuildPair {
  readonly builds: { readonly base: string; readonly head: string };
  readonly rounds: number;
  /** Only the figures whose names start with this. */
  readonly only: string;
}

/** The two builds and settings from the command line; throws on a missing or unbuilt build. */
export function buildPairFromArguments(defaultRounds: number): BuildPair {
  const base = option('base');
  if (base === undefined) throw new Error('--base DIR is required: a checkout of the build to compare against, built (npm ci && npm run build)');
  const head = option('head') ?? fileURLToPath(new URL('../..', import.meta.url));
  const rounds = Number(option('rounds') ?? defaultRounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number >= 1');
  const builds = { base: resolve(base), head: resolve(head) } as const;
  for (const [name, root] of Object.entries(builds)) {
    if (!existsSync(join(root, 'dist/src/cli/main.js'))) throw new Error(`--${name} ${root}: no dist/src/cli/main.js; run npm ci && npm run build there first`);
  }
  return { builds, rounds, only: option('only') ?? '' };
}
