// Preloaded (node -r) into a measured process: prints its peak resident set and the CPU time it used (user + system,
// worker threads included: a figure that a busy machine disturbs less than the wall-clock time) at exit.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(`MAX_RSS_KB ${usage.maxRSS}\nCPU_US ${usage.userCPUTime + usage.systemCPUTime}\n`);
});
