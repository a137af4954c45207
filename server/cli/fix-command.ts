/**
 * `citable fix`: the files, snippets and examples that fix what an audit found (docs/fixes.md), written to a
 * directory with a line per fix saying what it fixes. From a URL audited here, an audit file, or an audit or
 * crawl stored on a Citable server.
 */
import { DEFAULT_FIX_POLICY, FIX_POLICIES, type Fix, type FixPolicy } from '../../shared/fixes/types.js';
import { API_KEY_PATTERN } from '../auth/api-key.js';
import { auditIdFromPath } from '../audits/audit-id.js';
import { parseApiUrl } from '../mcp/backends/remote-backend.js';
import { ConfigError } from '../settings/parse.js';
import { readAuditSettings, type AuditSettings } from '../settings/audit-settings.js';
import { startCommand } from './command-args.js';
import { FixInputError, fixesForUrl, fixesFromFile, fixesFromServer } from './fix/fix-sources.js';
import { renderFixes } from './fix/render-fixes.js';
import { writeFixFiles } from './fix/write-fixes.js';
import type { CliIo } from './io.js';
import { shouldColor } from './report/style.js';
import { safe } from './report/text.js';

const USAGE = 'Usage: citable fix <url> | --from audit.json | --audit ID | --crawl ID [--out DIR] [--policy P] [--json]';
export const DEFAULT_OUT = 'citable-fixes';
const HELP = `${USAGE}

Writes what to put on the site for the issues an audit found: robots.txt, llms.txt and llms-full.txt,
head tags and JSON-LD for the page, its Markdown version, Markdown delivery examples (nginx, Cloudflare
Worker, Next.js) and an API catalog where the site has an API. Prints what each one fixes.

  <url>              audit the page here, then build its fixes from what it serves
  --from FILE        the fixes of an audit saved with citable audit --json (the site is read now)
  --audit ID         the fixes of an audit on a Citable server
  --crawl ID         the fixes of a site audit on a Citable server (llms.txt from every page it audited)
  --out DIR          where to write them (default ./${DEFAULT_OUT}): site/ to publish, snippets/, config/, fixes.json
  --policy P         what robots.txt may change: ${FIX_POLICIES.join(', ')} (default ${DEFAULT_FIX_POLICY});
                     none refuses AI search or user agents
  --json             print {fixes} as the API answers it (files are written only with --out)
  --api-url URL      the Citable server (default: CITABLE_API_URL)
  --api-key KEY      its API key (default: CITABLE_API_KEY, which keeps the key out of the process list)

Exit codes: 0 ok, 2 wrong arguments, a URL that cannot be audited, an unknown id or an unreadable file.
Private and loopback addresses are refused unless AUDIT_ALLOW_PRIVATE=1.
`;

const OPTIONS = {
  from: { type: 'string' },
  audit: { type: 'string' },
  crawl: { type: 'string' },
  out: { type: 'string' },
  policy: { type: 'string' },
  json: { type: 'boolean' },
  'api-url': { type: 'string' },
  'api-key': { type: 'string' },
} as const;

type Values = { from?: string; audit?: string; crawl?: string; 'api-url'?: string; 'api-key'?: string };
type Source = (settings: AuditSettings, policy: FixPolicy) => Promise<Fix[]>;

export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand({ name: 'fix', usage: USAGE, help: HELP, options: OPTIONS }, args, io);
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  const policy = values.policy ?? DEFAULT_FIX_POLICY;
  if (!(FIX_POLICIES as readonly string[]).includes(policy)) return fail(`--policy must be one of ${FIX_POLICIES.join(', ')}.`);
  const source = sourceOf(values, positionals, io);
  if (typeof source === 'string') return fail(source);
  let fixes: Fix[];
  try {
    fixes = await source(readAuditSettings(io.env), policy as FixPolicy);
  } catch (error) {
    if (error instanceof FixInputError || error instanceof ConfigError) return fail(safe(error.message));
    throw error;
  }
  const dir = values.json && values.out === undefined ? null : (values.out ?? DEFAULT_OUT);
  if (dir !== null) await writeFixFiles(dir, fixes);
  io.stdout.write(
    values.json ? `${JSON.stringify({ fixes }, null, 2)}\n` : renderFixes(fixes, dir, { color: shouldColor(io.stdout, io.env) }),
  );
  return 0;
}

/** Which of the four sources the arguments name, or what is wrong with them. */
function sourceOf(values: Values, positionals: string[], io: CliIo): Source | string {
  const given = [positionals.length ? 'url' : null, values.from, values.audit, values.crawl].filter((v) => v !== null && v !== undefined);
  if (given.length !== 1 || positionals.length > 1) return `give one URL, or one of --from, --audit and --crawl. ${USAGE}`;
  if (positionals[0] !== undefined) return (settings, policy) => fixesForUrl(positionals[0]!, settings, policy);
  if (values.from !== undefined) return (settings, policy) => fixesFromFile(values.from!, settings, policy);
  const of = values.audit !== undefined ? 'audit' : 'crawl';
  const id = auditIdFromPath(values.audit ?? values.crawl ?? '');
  if (!id) return `--${of} takes an id (a UUID).`;
  const apiUrl = values['api-url'] ?? (io.env.CITABLE_API_URL || undefined);
  const apiKey = values['api-key'] ?? (io.env.CITABLE_API_KEY || undefined);
  if (apiUrl === undefined || apiKey === undefined)
    return `--${of} reads a Citable server: set CITABLE_API_URL and CITABLE_API_KEY (or --api-url and --api-key).`;
  const parsed = parseApiUrl(apiUrl);
  if (!parsed.ok) return `${parsed.message}.`;
  if (!API_KEY_PATTERN.test(apiKey)) return 'the API key does not look like a Citable key (cit_ followed by 32 letters and digits).';
  return (_settings, policy) => fixesFromServer({ apiUrl: parsed.url, apiKey }, of, id, policy);
}
