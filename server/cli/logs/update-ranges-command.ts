/** `citable logs update-ranges`: downloads the operators' address ranges into the ranges file and says what it got. */
import { updateRanges } from '../../logs/update-ranges.js';
import { readLogsSettings } from '../../settings/logs-settings.js';
import { ConfigError } from '../../settings/parse.js';
import { startCommand } from '../command-args.js';
import type { CliIo } from '../io.js';
import { safe } from '../report/text.js';

const USAGE = 'Usage: citable logs update-ranges';
const HELP = `${USAGE}

Downloads the address ranges AI and search crawler operators publish (OpenAI, Google, Microsoft,
Perplexity, Apple, Common Crawl, DuckDuckGo, Amazon) and writes them, dated, to DATA_DIR/ip-ranges.json
(or LOG_RANGES_FILE), which \`citable logs\` then uses instead of the snapshot shipped with Citable. A source
that cannot be downloaded keeps its previous list. Exit codes: 0 every source downloaded, 1 some failed,
2 wrong arguments.
`;

export async function runUpdateRanges(args: string[], io: CliIo): Promise<number> {
  const start = startCommand({ name: 'logs update-ranges', usage: USAGE, help: HELP, options: {} }, args, io);
  if ('exit' in start) return start.exit;
  if (start.positionals.length > 0) return start.fail(`takes no arguments (got ${safe(start.positionals[0]!)}).`);
  let settings;
  try {
    settings = readLogsSettings(io.env);
  } catch (e) {
    if (e instanceof ConfigError) return start.fail(e.message);
    throw e;
  }
  const outcomes = await updateRanges(settings.rangesFile, settings.rangesBaseUrl);
  for (const o of outcomes) {
    const what = o.error ? `failed (${safe(o.error)}); kept ${o.prefixes} prefixes` : `${o.prefixes} prefixes`;
    io.stdout.write(`  ${o.id.padEnd(30)} ${what}\n`);
  }
  const failed = outcomes.filter((o) => o.error).length;
  io.stdout.write(`Wrote ${safe(settings.rangesFile)}: ${outcomes.length - failed} of ${outcomes.length} sources downloaded.\n`);
  return failed > 0 ? 1 : 0;
}
