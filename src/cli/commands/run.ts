/**
 * `hordelab run <scenario>`: plays a scenario's matches and writes matches.csv, per-event CSVs
 * and summary.json (a round robin: a folder per pairing and tournament.json).
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { DEFAULT_CHUNK_SIZE } from '../../core/limits.js';
import { matchesOption, matchTimeoutOption, quietOption, seedOption, setOption, workersOption } from '../common-options.js';

/** `hordelab run`. */
export const runCommand: CommandModule = {
  name: 'run',
  summary: 'Play a scenario\'s matches and write matches.csv, per-event CSVs and summary.json',
  positionals: [{ name: 'scenario', describe: 'Scenario file (.yaml, .yml or .json)', path: true }],
  options: {
    matches: matchesOption,
    seed: seedOption,
    out: { type: 'path', alias: 'o', placeholder: 'DIR', describe: 'Output folder [default: reports/<scenario name>/]' },
    set: setOption,
    workers: workersOption,
    'chunk-size': {
      type: 'number',
      bound: BOUNDS.chunkSize,
      describe: `Matches per chunk handed to a worker, kept fixed [default: up to ${DEFAULT_CHUNK_SIZE} at first, fewer on short runs so every worker gets several, then growing toward about 50 ms of play a chunk for fast games]; results do not depend on it`,
    },
    'max-errors': { type: 'number', bound: BOUNDS.maxErrors, placeholder: 'K', describe: 'Failed matches tolerated before the run stops [default: 0]; any failure makes the exit code 1' },
    'match-timeout': matchTimeoutOption('the match recorded in errors.csv'),
    shard: { type: 'string', placeholder: 'I/N', describe: 'Play only shard i of n (0-based; a contiguous block of match indices), for "hordelab merge": --shard 0/4' },
    resume: { type: 'boolean', describe: 'Continue the interrupted (Ctrl-C) or killed run in the output folder; ends identical to an uninterrupted run' },
    force: { type: 'boolean', describe: 'Replace the finished or interrupted run of the same scenario in the output folder (a folder holding anything else is always refused)' },
    'event-files': { type: 'boolean', default: true, negatable: true, describe: 'Write per-event CSVs such as catches.csv (--no-event-files skips them; the summary stays complete)' },
    report: { type: 'string', placeholder: 'FORMATS', describe: 'Also write pages, as "hordelab report" does: html, md, csv, json (comma-separated)' },
    json: { type: 'boolean', describe: 'Print summary.json to stdout instead of the text summary' },
    quiet: quietOption,
  },
  epilogue:
    'Progress: on a terminal a line redrawn in place; otherwise a plain line on stderr every 30 s (matches done, rate, time left). --quiet silences both.\n' +
    'Output folder: new or empty; a run of the same scenario only with --force (or --resume if unfinished); anything else refused. A lock keeps a second run out.\n' +
    'Exit codes: 0 done; 1 a match failed (see errors.csv) or an internal failure; 2 bad input (a folder refused included), nothing run or written; 130 interrupted (Ctrl-C or SIGTERM).',
  examples: [
    ['hordelab run scenarios/trainers-first-player.yaml', 'The default scenario: 10,000 random-vs-random matches'],
    ['hordelab run scenarios/duel-deck-balance.yaml --report html', 'The deck report with report.html to open in a browser'],
    ['hordelab run scenarios/trainers-first-player.yaml -n 2000 --set actionPoints=4 -o reports/ap4', 'A variant into its own folder'],
  ],
  run: loadedOnRun(() => import('../handlers/run.js')),
};
