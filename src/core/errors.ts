/**
 * Errors a user can meet. A {@link UsageError} is bad input (a scenario, a flag, a map): the CLI
 * prints its lines and exits with {@link EXIT_USAGE}, having written nothing.
 */

/** Exit code for bad input, as in sysexits' spirit and common CLI practice. */
export const EXIT_USAGE = 2;
/** Exit code for an internal failure (a rules or agent bug), printed with its reproducing seed. */
export const EXIT_FAILURE = 1;
/** Exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;

/** One problem: where (a file or a flag), which field, and what was expected. */
export interface InputIssue {
  /** The file or flag the value came from: `scenarios/x.yaml`, `--set`, `--matches`. */
  readonly source: string;
  /** The field path, such as `params.traps.40`; empty for the whole source. */
  readonly field: string;
  readonly message: string;
}

export function formatIssue(issue: InputIssue): string {
  const text = issue.field === '' ? `${issue.source}: ${issue.message}` : `${issue.source}: ${issue.field}: ${issue.message}`;
  // One problem, one line: a value typed with a line break in it (`--set 'x=a<newline>b'`) is
  // shown with the break written out, so no problem spills onto a line that looks like another.
  return text.replace(/\r?\n/g, '\\n');
}

/** Bad input, with every problem found. */
export class UsageError extends Error {
  readonly issues: readonly InputIssue[];
  constructor(issues: readonly InputIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'UsageError';
    this.issues = issues;
  }
}

/**
 * A game or agent that broke the contract where Hordelab checks it while playing (returns that
 * are not one number per seat, an index out of range, an action list not the one given): the
 * message says all there is, and a stack would show only Hordelab's own checking code.
 */
export class ContractBreach extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractBreach';
  }
}

/**
 * A failure that is not bad input and not a bug of Hordelab's, such as an agent that throws:
 * exit 1 with `reproduce`, the command that plays the failure again, instead of a stack.
 */
export class ReproducibleFailure extends Error {
  readonly reproduce: string;
  constructor(message: string, reproduce: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReproducibleFailure';
    this.reproduce = reproduce;
  }
}

/**
 * A failure no single match shows, found while merging matches' figures (a metric figure that
 * changed kind between matches): exit 1, and the command itself, which meets it again (a run is
 * a pure function of its inputs), as what reproduces it.
 */
export class WholeRunFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WholeRunFailure';
  }
}

/**
 * What stops a run, whatever `--max-errors` says, when found while a match is played: a metric
 * module's failure (a metric that skipped the matches it failed on would be biased), or an agent
 * that changed the live game through what it was handed (what it changed outlives its match: a
 * game's configuration is kept for every match of a thread). `subject` names the module,
 * `problem` what it did, `expected` what was allowed. It carries no match: the caller that knows
 * the match turns it into a {@link MetricFailure}, exit 1 with the command that replays it.
 */
export class RunStoppingError extends Error {
  constructor(
    readonly subject: string,
    readonly problem: string,
    readonly expected: string | null,
  ) {
    super(`${subject}: ${problem}${expected === null ? '' : `; expected ${expected}`}`);
    this.name = 'RunStoppingError';
  }
}

/** Whether `error` is a {@link RunStoppingError} (false for a value on which instanceof itself throws). */
export function isRunStoppingError(error: unknown): error is RunStoppingError {
  try {
    return error instanceof RunStoppingError;
  } catch {
    return false;
  }
}

/**
 * A custom metric module (or a game's figure unit) that threw while collecting a match, or
 * returned a figure its kind does not allow. Not bad input (the module loaded fine) and not the
 * match's fault: the run stops, whatever `--max-errors` says, since a metric that skipped the
 * matches it failed on would be biased. Exit 1 with the command that replays that match.
 */
export class MetricFailure extends Error {
  readonly matchIndex: number;
  readonly runSeed: number;
  readonly matchSeed: string;
  constructor(message: string, matchIndex: number, runSeed: number, matchSeed: string) {
    super(message);
    this.name = 'MetricFailure';
    this.matchIndex = matchIndex;
    this.runSeed = runSeed;
    this.matchSeed = matchSeed;
  }

  /** Plain data, to cross a worker boundary. */
  toData(): MetricFailureData {
    return { message: this.message, matchIndex: this.matchIndex, runSeed: this.runSeed, matchSeed: this.matchSeed };
  }

  static fromData(data: MetricFailureData): MetricFailure {
    return new MetricFailure(data.message, data.matchIndex, data.runSeed, data.matchSeed);
  }
}

/** A {@link MetricFailure} as plain data. */
export interface MetricFailureData {
  readonly message: string;
  readonly matchIndex: number;
  readonly runSeed: number;
  readonly matchSeed: string;
}
