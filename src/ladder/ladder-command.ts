/**
 * The `hordelab ladder` command: flags in, the ladder's files out. Exit codes as every command:
 * 0 done, 2 bad input (nothing written), 1 a failed match (printed with what reproduces it).
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { loadScenario } from '../scenario/scenario.js';
import type { Band } from './headlines.js';
import { formatLadder, writeLadder } from './ladder-output.js';
import { runLadder } from './ladder.js';

export interface LadderArguments {
  readonly scenario: string;
  readonly levels: readonly string[];
  readonly matches: string | undefined;
  readonly seed: string | undefined;
  readonly set: readonly string[];
  readonly band: readonly string[];
  readonly out: string | undefined;
  readonly workers: string | undefined;
  readonly quiet: boolean;
  readonly json: boolean;
}

function wholeNumber(flag: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) throw new UsageError([{ source: `--${flag}`, field: '', message: `expected a whole number >= ${min}, got "${text}"` }]);
  return value;
}

/** `--band p1WinRate=0.45..0.55`. */
export function parseBand(text: string): [string, Band] {
  const match = /^\s*([^=\s]+)\s*=\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*$/.exec(text);
  const low = Number(match?.[2]);
  const high = Number(match?.[3]);
  if (match === null || !Number.isFinite(low) || !Number.isFinite(high) || low >= high) {
    throw new UsageError([{ source: `--band ${text}`, field: '', message: 'expected headline=low..high with low < high, such as --band p1WinRate=0.45..0.55' }]);
  }
  return [match[1] as string, { low, high }];
}

const shellQuote = (word: string): string => (/^[\w./:=,@+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

export async function ladderCommand(args: LadderArguments): Promise<number> {
  const matches = wholeNumber('matches', args.matches, 1);
  const seed = wholeNumber('seed', args.seed, 0);
  const workers = wholeNumber('workers', args.workers, 0) ?? availableParallelism();
  const bands = new Map(args.band.map(parseBand));
  const scenario = await loadScenario(args.scenario, { ...(matches === undefined ? {} : { matches }), ...(seed === undefined ? {} : { seed }), set: [...args.set] });
  const outDir = args.out ?? join('reports', `${scenario.name}-ladder`);
  const command = [
    'hordelab',
    'ladder',
    args.scenario,
    ...(args.levels.length > 0 ? ['--levels', args.levels.join(',')] : []),
    '--seed',
    String(scenario.seed),
    '--matches',
    String(scenario.matches),
    ...args.set.flatMap((assignment) => ['--set', assignment]),
    ...args.band.flatMap((band) => ['--band', band]),
  ]
    .map(shellQuote)
    .join(' ');
  const summary = await runLadder(scenario, {
    levels: args.levels,
    bands,
    workers,
    command,
    onLevel: (index, total, level) => {
      if (!args.quiet && !args.json) process.stderr.write(`level ${index + 1} of ${total}: ${level}\n`);
    },
  });
  const files = await writeLadder(summary, outDir);
  if (args.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else if (!args.quiet) process.stdout.write(`${formatLadder(summary)}\n\nWrote ${files.filter((file) => !file.includes('/levels/')).join(', ')} and levels/\n`);
  return 0;
}
