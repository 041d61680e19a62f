/**
 * Preloaded with `node --import` by the benchmark: prints the process's peak resident memory
 * (worker threads included: they share the process) to stderr when it exits.
 */
process.on('exit', () => {
  process.stderr.write(`\nmaxRSS ${process.resourceUsage().maxRSS}\n`);
});
