/**
 * What piscina loads in each worker thread: the pool's task module (an ES module, named in
 * `workerData.module`), imported asynchronously. CommonJS on purpose: piscina loads its file with
 * require() first, and a require() of an ES module instantiates it synchronously; a thread
 * stopped in the middle of that (a command refused while its prestarted threads were still
 * loading) aborted the whole process on Node 20 (V8 "FATAL ERROR: v8::Module::IsGraphAsync",
 * exit 134). Stopped during an import() instead, a thread just stops. The import starts when
 * the thread does, so threads still load while the main thread loads the command.
 */
import worker_threads = require('node:worker_threads');
import nodeConsole = require('node:console');

// A module's console.log in a thread would reach the command's stdout (a thread's stdout is the
// process's): to stderr instead, as in the main thread (see cli/main.ts), so `--json` stays JSON.
// The console object itself is redirected, not replaced, so `require('node:console')` is too.
const toStderr = new nodeConsole.Console({ stdout: process.stderr, stderr: process.stderr }) as unknown as Record<string, unknown>;
for (const key of Object.keys(toStderr)) if (typeof toStderr[key] === 'function') (nodeConsole as unknown as Record<string, unknown>)[key] = toStderr[key];

type TaskFunction = (argument: unknown) => Promise<unknown>;

const loaded = import((worker_threads.workerData as { module: string }).module) as Promise<{ default: TaskFunction }>;
// A module that fails to load fails each task that awaits it, as before; not an unhandled rejection first.
loaded.catch(() => undefined);

export = async function runTask(argument: unknown): Promise<unknown> {
  return (await loaded).default(argument);
};
