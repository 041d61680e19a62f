#!/usr/bin/env -S node --single-threaded-gc --max-semi-space-size=4 --heap-growing-percent=50
/**
 * The `hordelab` executable: runs the command line ({@link main}) on this process and sets its
 * exit code. The commands are declared in `commands/`, one module each; what each does is in
 * `handlers/`, loaded only when it runs.
 *
 * Node flags (the shebang above; V8 flags are process-wide and cannot be set once running):
 * --single-threaded-gc, because V8's parallel GC helpers otherwise contend with the worker
 * threads for the same cores (2 workers on 2 cores: 1.6× → 1.85× the speed of 1); and
 * --max-semi-space-size=4 (MB), which keeps the three isolates' heaps from growing to over
 * 300 MB on a million-match run (the live heap stays near 12 MB each) for about 6% speed; and
 * --heap-growing-percent=50, which lets each old space grow by half its live size before a full
 * GC. Without it V8 lets a young isolate's old space grow to about 50 MB before its first full
 * GC (mostly garbage: the memory reducer collects it some 8 s in), so peak memory grew with run
 * length (170 MB at 100,000 matches, 230-250 MB from 1,000,000); with it, 158-167 MB from
 * 100,000 to 3,000,000, at no speed cost measurable here (reports/benchmarks.md).
 */
import { Console } from 'node:console';
import { prestartRunWorkers } from './prestart.js';

// Hordelab writes its own output with process.stdout.write; console is left to the modules it
// loads (games, agents, metrics), whose debugging lines go to stderr: stdout holds only what the
// command prints, so `--json` output stays JSON. Worker threads do the same (thread-entry.cts).
// The console object itself is redirected, not replaced: `import console from 'node:console'`
// hands a module that object, not the global binding.
const toStderr = new Console({ stdout: process.stderr, stderr: process.stderr }) as unknown as Record<string, unknown>;
for (const key of Object.keys(toStderr)) if (typeof toStderr[key] === 'function') (console as unknown as Record<string, unknown>)[key] = toStderr[key];
// A module writing with process.stdout.write goes to stderr too, and so does what worker threads
// write to their stdout (Node pipes it into this process.stdout's write). The command's own output
// keeps the real write, handed to it below.
const commandStdout = process.stdout.write.bind(process.stdout) as (text: string) => boolean;
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

/** Whether the command finished, or ended the process deliberately (see the exit handler below). */
let finished = false;

// Ctrl-C while the command line itself loads (up to a second or so, with a scenario's modules)
// would end the process by the signal's default, without a word: said instead. The command's
// own handler replaces this one (processIo below) once it listens.
const beforeCommand = (signal: NodeJS.Signals): void => {
  finished = true;
  process.stderr.write(`hordelab: interrupted (${signal === 'SIGTERM' ? 'SIGTERM' : 'Ctrl-C'}) before the command started; nothing was run or written\n`);
  process.exit(130);
};
// One listener per signal for the whole process, handing each to the handler of the moment (see
// SignalRoute in process-io.ts): listeners swapped would lose a signal that came between.
const signals = { current: beforeCommand };
// The signals that interrupt a command: Ctrl-C, and SIGTERM (a CI job's time limit, a container stopped).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (heard: NodeJS.Signals) => signals.current(heard));

// Before the command line is loaded (hence the dynamic imports below): see prestart.ts.
const releasePrestartedPool = await prestartRunWorkers(process.argv.slice(2));
const { main } = await import('./cli.js');
const { exitingDeliberately, processIo } = await import('./process-io.js');
const { shellQuote } = await import('./shell-quote.js');
const { HORDELAB_VERSION } = await import('../version.js');

// The process ending before `main` returned is never a result: an agent, game or metric module
// called process.exit (exit 0 would pass a CI gate that played nothing), or a module's top-level
// await never settled (Node's exit code 13, with no word of why). Said, and exit 1.
process.on('exit', (code) => {
  if (finished || exitingDeliberately()) return;
  const why =
    code === 13
      ? "a module's top-level await never settled, so loading it never finished"
      : `a module it loaded (an agent, game or metric module) called process.exit(${code}), or waits on a promise that never settles`;
  // What was asked, to replay it (as an internal failure says), kept to what is already loaded:
  // nothing can be imported while the process exits.
  const reproduce = `  reproduce: ${['hordelab', ...process.argv.slice(2)].map(shellQuote).join(' ')} (hordelab ${HORDELAB_VERSION}, Node ${process.version})\n`;
  process.stderr.write(`hordelab: the command ended before it finished: ${why}; nothing it printed or wrote is a result\n${reproduce}`);
  process.exitCode = 1;
});

// Piping into `head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') {
    finished = true;
    process.exit(process.exitCode ?? 0);
  }
  throw error;
});

process.exitCode = await main(process.argv.slice(2), processIo(commandStdout, signals));
finished = true;
// A signal while the process winds down (its threads stopping, a fraction of a second) came after
// the command finished: what it printed and wrote is complete, so the process ends now with the
// command's own code and says so (audit 38b: SIGTERM there killed it, exit 143 without a word).
const afterCommand = (signal: NodeJS.Signals): void => {
  process.stderr.write(`hordelab: ${signal === 'SIGTERM' ? 'SIGTERM' : 'Ctrl-C'} came after the command finished; what it printed and wrote is complete (exit ${process.exitCode})\n`);
  process.exit();
};
signals.current = afterCommand;
releasePrestartedPool();
