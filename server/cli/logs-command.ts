import { stat } from 'node:fs/promises';
import { LogIngest } from '../../shared/logs/ingest/log-ingest.js';
import { jsonFieldMap, type JsonFieldMap } from '../../shared/logs/parse/json-lines.js';
import { windowBound } from '../../shared/logs/parse/log-time.js';
import { normalHost } from '../../shared/logs/parse/log-record.js';
import { LOG_FORMATS, type LogFormat } from '../../shared/logs/types.js';
import { loadRanges } from '../logs/ranges-file.js';
import { openSource, readStream } from '../logs/read-input.js';
import { readLogsSettings } from '../settings/logs-settings.js';
import { ConfigError } from '../settings/parse.js';
import { startCommand } from './command-args.js';
import type { CliIo } from './io.js';
import { createProgress } from './logs/progress.js';
import { renderLogsReport } from './logs/render-logs-report.js';
import { runUpdateRanges } from './logs/update-ranges-command.js';
import { shouldColor } from './report/style.js';
import { safe } from './report/text.js';

const USAGE =
  'Usage: citable logs <file>... [--format auto|combined|cloudflare|cloudfront|json] [--site HOST] [--since DATE] [--until DATE] [--json]';
const HELP = `${USAGE}
       citable logs update-ranges

Reads access logs and reports the AI agents that fetched the site (by purpose: training, search, user,
archive, coding agent, agentic browser), whether each hit came from its operator's published addresses
(verified) or not (spoofed), their status codes, the pages they fetch most, and the people who came from
an answer engine (ChatGPT, Perplexity, Gemini, Copilot, Claude ...) by Referer or utm_source.

  <file>...        log files, plain or gzip (recognised by content), or - for standard input
  --format F       auto (default: chosen per file from its first lines), combined (nginx/Apache combined
                   or common), cloudflare (Logpush http_requests JSON lines), cloudfront (CloudFront
                   standard logs), json (JSON lines: time, ip, method, path, status, user_agent, referer)
  --fields MAP     for json: where the members are, e.g. time=ts,ip=client.ip,user_agent=ua
  --site HOST      count only requests for this host (formats that log the host) and name the report
  --since DATE     count lines from this date (2026-08-01, UTC) or date-time with a zone
  --until DATE     count lines up to this date (its whole day) or date-time
  --json           print {"traffic": ...}: the object the API answers (docs/logs.md)

A line that cannot be read is counted and listed (the first 20), never fatal. On a terminal, a progress
line shows on stderr for 64 MB of input or more.

  citable logs update-ranges   download the address ranges the operators publish (GPTBot, Googlebot,
                               Bingbot, PerplexityBot, Applebot, CCBot ...) into DATA_DIR/ip-ranges.json
                               (or LOG_RANGES_FILE); without it, the snapshot shipped with Citable is used.

Exit codes: 0 ok, 2 wrong arguments or a file that cannot be opened.
`;

interface LogsArgs {
  files: string[];
  format: LogFormat | 'auto';
  site: string | null;
  since: number;
  until: number;
  json: boolean;
  fields: JsonFieldMap | undefined;
}

type Values = Record<string, string | boolean | undefined>;

/** The arguments checked, or the message of the first mistake. */
function readArgs(values: Values, positionals: string[]): LogsArgs | string {
  const str = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  if (positionals.length === 0) return 'give at least one log file (or - for standard input).';
  if (positionals.filter((p) => p === '-').length > 1) return 'standard input (-) can be read once.';
  const format = str('format') ?? 'auto';
  if (format !== 'auto' && !(LOG_FORMATS as readonly string[]).includes(format))
    return `--format must be auto, ${LOG_FORMATS.join(', ')} (got ${safe(format)}).`;
  const siteText = str('site');
  const site = siteText === undefined ? null : normalHost(siteText);
  if (siteText !== undefined && (!site || !/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(site)))
    return `--site must be a host such as example.com (got ${safe(siteText)}).`;
  const bound = (name: 'since' | 'until') => {
    const text = str(name);
    return text === undefined ? NaN : windowBound(text, name === 'until');
  };
  const since = bound('since');
  const until = bound('until');
  for (const [name, value] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (str(name) !== undefined && Number.isNaN(value))
      return `--${name} must be a date (2026-08-01) or a date-time with a zone (2026-08-01T12:00:00Z) that exists (got ${safe(str(name)!)}).`;
  }
  if (since > until) return '--since must not be after --until.';
  const fieldsText = str('fields');
  const fields = fieldsText === undefined ? undefined : jsonFieldMap(fieldsText);
  if (typeof fields === 'string') return `--fields: ${safe(fields)}; write FIELD=NAME pairs separated by commas.`;
  return { files: positionals, format: format as LogFormat | 'auto', site, since, until, json: values.json === true, fields };
}

/** The total size of the files (null when standard input is read), or the first that cannot be read. */
async function sizes(files: string[]): Promise<{ total: number | null } | { error: string }> {
  let total = 0;
  for (const file of files) {
    if (file === '-') continue;
    try {
      const s = await stat(file);
      if (!s.isFile()) return { error: `${safe(file)} is not a file.` };
      total += s.size;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return { error: `cannot read ${safe(file)}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(e))}.` };
    }
  }
  return { total: files.includes('-') ? null : total };
}

/** `citable logs`: AI crawler traffic from access logs, as a report or the `traffic` object. */
export async function run(args: string[], io: CliIo): Promise<number> {
  if (args[0] === 'update-ranges') return runUpdateRanges(args.slice(1), io);
  const start = startCommand(
    {
      name: 'logs',
      usage: USAGE,
      help: HELP,
      options: {
        format: { type: 'string' },
        site: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        json: { type: 'boolean' },
        fields: { type: 'string' },
      },
    },
    args,
    io,
  );
  if ('exit' in start) return start.exit;
  const parsed = readArgs(start.values as Values, start.positionals);
  if (typeof parsed === 'string') return start.fail(parsed);
  let settings;
  try {
    settings = readLogsSettings(io.env);
  } catch (e) {
    if (e instanceof ConfigError) return start.fail(e.message);
    throw e;
  }
  const size = await sizes(parsed.files);
  if ('error' in size) return start.fail(size.error);
  const ranges = await loadRanges(settings.rangesFile);
  if (ranges.warning) io.stderr.write(`citable logs: ${safe(ranges.warning)}\n`);
  const ingest = new LogIngest({ ...parsed, ranges: ranges.sources, jsonFields: parsed.fields });
  const progress = createProgress(io.stderr, size.total);
  for (const file of parsed.files) {
    await readStream(openSource(file, io.stdin ?? process.stdin), ingest.input(file === '-' ? 'stdin' : file), (b) => progress.add(b));
  }
  progress.done();
  const traffic = ingest.traffic();
  if (parsed.json) {
    io.stdout.write(`${JSON.stringify({ traffic }, null, 2)}\n`);
    return 0;
  }
  const aggregate = ingest.counter.aggregate;
  const otherBots = [...aggregate.otherBots].sort((a, b) => b[1] - a[1]);
  const rangesNote = ranges.file
    ? `Address ranges: ${safe(ranges.file)}`
    : 'Address ranges: the snapshot shipped with Citable (citable logs update-ranges refreshes it)';
  const color = shouldColor(io.stdout, io.env);
  io.stdout.write(
    renderLogsReport(traffic, { unreadable: aggregate.unreadable, otherBots, rangesNote }, { color, columns: io.stdout.columns }),
  );
  return 0;
}
