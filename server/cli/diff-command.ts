/**
 * `citable diff`: what changed between two audits (docs/api-decisions.md#reports-shares-and-diffs), readable, or the diff object with
 * --json. Audit ids go to a Citable server (CITABLE_API_URL and CITABLE_API_KEY, or the options); two audit
 * files (from `citable audit --json`) are diffed on this machine.
 */
import { access } from 'node:fs/promises';
import { API_KEY_PATTERN } from '../auth/api-key.js';
import { parseApiUrl } from '../mcp/backends/remote-backend.js';
import { auditIdFromPath } from '../audits/audit-id.js';
import { startCommand } from './command-args.js';
import { DiffInputError, diffFiles, diffFromServer } from './diff/load-diff.js';
import { renderDiff } from './diff/render-diff.js';
import type { CliIo } from './io.js';
import { shouldColor } from './report/style.js';
import { safe } from './report/text.js';
import { reportFilesLanguage } from './report-files.js';
import { isReportLanguage, REPORT_LANGUAGES } from '../../shared/i18n/languages.js';

const USAGE = 'Usage: citable diff <id> [<newer id>] | citable diff <older.json> <newer.json> [--json] [--lang LANG]';
const HELP = `${USAGE}

What changed between two audits: the score, each category, new and fixed issues (by rule),
AI crawlers whose robots.txt verdict changed, and WebMCP.

  citable diff <id>                the audit against the latest earlier audit of the same page
  citable diff <older id> <id>     two audits of the account, the older first
  citable diff a.json b.json       two audits saved with citable audit --json (no server needed)

  --json           print exactly the diff object the API returns
  --lang LANG      the language of the printed diff: ${REPORT_LANGUAGES.join(', ')} (default: the language of LC_ALL,
                   LC_MESSAGES or LANG if it is one of those, else en); issue titles follow it, ids stay
  --api-url URL    the Citable server (default: CITABLE_API_URL)
  --api-key KEY    its API key (default: CITABLE_API_KEY, which keeps the key out of the process list)

Exit codes: 0 ok, 2 wrong arguments, an unknown audit, or no earlier audit to compare with.
`;

export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand(
    {
      name: 'diff',
      usage: USAGE,
      help: HELP,
      options: { json: { type: 'boolean' }, lang: { type: 'string' }, 'api-url': { type: 'string' }, 'api-key': { type: 'string' } },
    },
    args,
    io,
  );
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  if (positionals.length < 1 || positionals.length > 2) return fail(`expects one or two audits. ${USAGE}`);
  const lang = reportFilesLanguage(values.lang, io.env);
  if (!isReportLanguage(lang)) return fail(lang);

  let diff;
  try {
    const files = await Promise.all(positionals.map(isFile));
    if (files.some(Boolean)) {
      if (positionals.length !== 2 || !files.every(Boolean))
        return fail('audit files come in pairs: citable diff <older.json> <newer.json>');
      diff = await diffFiles(positionals[0]!, positionals[1]!);
    } else {
      const ids = positionals.map(auditIdFromPath);
      const bad = positionals.find((_, i) => !ids[i]);
      if (bad !== undefined) return fail(`${safe(bad)} is neither an audit id (a UUID) nor a file.`);
      const apiUrl = values['api-url'] ?? (io.env.CITABLE_API_URL || undefined);
      const apiKey = values['api-key'] ?? (io.env.CITABLE_API_KEY || undefined);
      if (apiUrl === undefined || apiKey === undefined)
        return fail('audit ids are read from a Citable server: set CITABLE_API_URL and CITABLE_API_KEY (or --api-url and --api-key).');
      const parsed = parseApiUrl(apiUrl);
      if (!parsed.ok) return fail(`${parsed.message}.`);
      if (!API_KEY_PATTERN.test(apiKey))
        return fail('the API key does not look like a Citable key (cit_ followed by 32 letters and digits).');
      const [first, second] = ids as string[];
      diff = second
        ? await diffFromServer(parsed.url, apiKey, second, first!)
        : await diffFromServer(parsed.url, apiKey, first!, 'previous');
    }
  } catch (error) {
    if (error instanceof DiffInputError) return fail(safe(error.message));
    throw error;
  }
  io.stdout.write(values.json ? `${JSON.stringify(diff, null, 2)}\n` : renderDiff(diff, { color: shouldColor(io.stdout, io.env), lang }));
  return 0;
}

async function isFile(arg: string): Promise<boolean> {
  if (/\.json$/i.test(arg)) return true; // a missing .json file is reported as such, not as a bad id
  return access(arg).then(
    () => true,
    () => false,
  );
}
