/**
 * Limits read before anything else is loaded (the worker prestart reads MAX_WORKERS before the
 * command line, and this module imports nothing).
 */

/** Most worker threads; see `input-bounds.ts`. */
export const MAX_WORKERS = 256;
