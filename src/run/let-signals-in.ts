/**
 * A turn of the event loop for work done in the command's own thread. Awaiting a value only runs
 * microtasks; Ctrl-C and SIGTERM are read at the loop's poll phase, so a loop that plays or builds
 * without such a turn holds them off until it is done (audit 40b F2: `cards --workers 0` played
 * every configuration to the end before it heard a SIGTERM).
 */

/** Resolves after the event loop has polled at least once, so a signal that came while this thread was busy has been heard. */
export async function letSignalsIn(): Promise<void> {
  // Twice: a setImmediate set in the poll phase runs in that same turn's check phase, before the
  // next poll reads a signal that came while the thread was busy (audit 25b: a run whose module sent itself Ctrl-C at its top level went on to exit 0).
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}
