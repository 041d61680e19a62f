/**
 * Limits read before anything else is loaded (the worker prestart reads MAX_WORKERS before the
 * command line; the flags' help reads both before any command's work is loaded), so this module
 * imports nothing.
 */

/** Most worker threads; see `input-bounds.ts`. */
export const MAX_WORKERS = 256;

/** How long a match may run by default before its thread is killed: far beyond any shipped scenario's slowest match. */
export const DEFAULT_MATCH_TIMEOUT_SECONDS = 600;

/** The largest default chunk: enough matches to dwarf the cost of handing a chunk to a worker. */
export const DEFAULT_CHUNK_SIZE = 200;
