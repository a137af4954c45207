// Preloaded (node -r) into a measured process: prints its peak resident set (worker threads included) at exit.
process.on('exit', () => process.stderr.write(`MAX_RSS_KB ${process.resourceUsage().maxRSS}\n`));
