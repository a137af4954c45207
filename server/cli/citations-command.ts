/**
 * `citable citations check|summary|sources`:
 *  - `check --domain D --prompt "..." [--brand NAME]... [--competitor "Name=host,host"]... [--engine E]...
 *    [--runs N] [--json]` asks the engines now, from this machine, with the engine keys in the
 *    environment (no server, nothing stored), and prints one row per engine with mentions and competitors;
 *  - `summary` and `sources` read a Citable server's GET /citations/summary and /citations/sources
 *    (citations-report.ts).
 * Exit codes: 0 done, 1 some engine answered with an error (check) or the server refused (summary,
 * sources), 2 usage.
 */
import { isCitationEngineId, type CitationEngineId } from '../../shared/schema/citation-engines.js';
import type { CitationResult } from '../../shared/schema/citation.js';
import { PROMPT_RUNS_MAX, PROMPT_TEXT_MAX } from '../../shared/schema/prompt.js';
import type { TrackedCompetitor, TrackedPrompt } from '../citations/check/tracked-prompt.js';
import { createCheckEnvironment } from '../citations/check/create-environment.js';
import { runPairs } from '../citations/check/run-pairs.js';
import { readCitationConfig, type CitationConfig } from '../citations/config.js';
import { normalizeTrackedDomain } from '../citations/match/tracked-domain.js';
import { ConfigError } from '../settings/parse.js';
import { CITATION_ENGINES, ENGINE_LIST } from '../citations/engines/index.js';
import { randomBase62 } from '../util/base62.js';
import type { CliIo } from './io.js';
import { safe, table } from './report/text.js';
import { startCommand } from './command-args.js';
import { REPORT_HELP, REPORT_OPTIONS, runReport } from './citations-report.js';

const USAGE =
  'Usage: citable citations check --domain D --prompt "..." [--brand NAME]... [--competitor "NAME=HOST,HOST"]... [--engine E]... [--runs N] [--json]\n' +
  '       citable citations summary|sources [--project ID] [--prompt-id ID] [--engine E] [--since DAY] [--until DAY] [--limit N] [--json]';
const HELP = `${USAGE}

check: asks AI answer engines a prompt now and says whether they cite the domain and name the brand.
Runs on this machine with the engine keys in the environment; nothing is stored (the server's scheduler
does that).

  --domain D          the tracked site, such as acme.com (subdomains count; aliases: --alias, repeatable)
  --prompt "…"        the question to ask (1 to ${PROMPT_TEXT_MAX} characters)
  --brand NAME        the name the answer may use for the site (repeatable: the first is the name, the
                      others aliases); whole words, case- and accent-insensitive, never inside a link
  --case-sensitive N  a brand or competitor name that matches only with its capitals (Notion, Linear)
  --competitor "NAME=HOST,HOST"   a competitor and its sites (repeatable; "NAME" alone: no site)
  --engine E          only this engine (repeatable): ${ENGINE_LIST.map((e) => e.id).join(', ')} (default: CITATION_ENGINES)
  --runs N            ask each engine N times (1 to ${PROMPT_RUNS_MAX}, default CITATION_RUNS or 1)
  --json              print {"citations": [...]}, the rows GET /api/v1/citations returns

${REPORT_HELP}
Environment: ${[...new Set(ENGINE_LIST.map((e) => e.env.apiKey))].join(', ')}
(an engine without its key is reported not_configured), *_BASE_URL and *_MODEL to override.

Exit codes: 0 done, 1 an engine answered with an error or the server refused, 2 the arguments or configuration are wrong.
`;

const OPTIONS = {
  domain: { type: 'string' },
  alias: { type: 'string', multiple: true },
  prompt: { type: 'string' },
  brand: { type: 'string', multiple: true },
  'case-sensitive': { type: 'string', multiple: true },
  competitor: { type: 'string', multiple: true },
  engine: { type: 'string', multiple: true },
  runs: { type: 'string' },
  json: { type: 'boolean' },
  ...REPORT_OPTIONS,
} as const;

interface CheckValues {
  domain?: string;
  alias?: string[];
  prompt?: string;
  brand?: string[];
  'case-sensitive'?: string[];
  competitor?: string[];
  runs?: string;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand({ name: 'citations', usage: USAGE, help: HELP, options: OPTIONS }, args, io);
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  const [sub, ...rest] = positionals;
  if (sub === 'summary' || sub === 'sources') {
    if (rest.length > 0) return fail(`unexpected ${safe(rest.join(' '))}. ${USAGE}`);
    return runReport(sub, values, io, fail);
  }
  if (sub !== 'check' || rest.length > 0) return fail(`expected the subcommand "check", "summary" or "sources". ${USAGE}`);

  const asked = askedPrompt(values);
  if (typeof asked === 'string') return fail(asked);
  let config: CitationConfig;
  try {
    config = readCitationConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  const engines = values.engine ?? [...config.enabledEngines];
  const unknown = engines.find((e) => !isCitationEngineId(e));
  if (unknown !== undefined) return fail(`unknown engine "${safe(unknown)}": choose from ${ENGINE_LIST.map((e) => e.id).join(', ')}`);
  const rows = await check({ id: `prm_${randomBase62(16)}`, ...asked }, engines, config);
  io.stdout.write(
    values.json ? `${JSON.stringify({ citations: rows }, null, 2)}\n` : renderTable(rows, asked.domain, asked.brand?.name ?? null),
  );
  return rows.some((r) => r.status === 'error') ? 1 : 0;
}

/** The prompt `check` asks, its site, brand and competitors, from the options; or what is wrong with them. */
function askedPrompt(values: CheckValues): Omit<TrackedPrompt, 'id'> | string {
  const domain = normalizeTrackedDomain(values.domain, '--domain');
  if (!domain.ok) return domain.message;
  const aliases: string[] = [];
  for (const raw of values.alias ?? []) {
    const alias = normalizeTrackedDomain(raw, '--alias');
    if (!alias.ok) return alias.message;
    aliases.push(alias.domain);
  }
  const text = values.prompt?.trim() ?? '';
  if (!text || text.length > PROMPT_TEXT_MAX) return `--prompt must be 1 to ${PROMPT_TEXT_MAX} characters. ${USAGE}`;
  const runs = values.runs;
  if (runs !== undefined && !new RegExp(`^[1-${PROMPT_RUNS_MAX}]$`).test(runs))
    return `--runs takes a whole number from 1 to ${PROMPT_RUNS_MAX}.`;
  const caseSensitive = values['case-sensitive'] ?? [];
  const competitors = competitorsOf(values.competitor ?? [], caseSensitive);
  if (typeof competitors === 'string') return competitors;
  const [brandName, ...brandAliases] = (values.brand ?? []).map((b) => b.trim()).filter(Boolean);
  return {
    text,
    domain: domain.domain,
    aliases,
    runs: runs === undefined ? null : Number(runs),
    brand: brandName ? { name: brandName, aliases: brandAliases, case_sensitive: caseSensitive } : null,
    competitors,
  };
}

/** `--competitor "NAME=HOST,HOST"` options as competitors, or what is wrong with one. */
function competitorsOf(given: string[], caseSensitive: string[]): TrackedCompetitor[] | string {
  const competitors: TrackedCompetitor[] = [];
  for (const raw of given) {
    const [name = '', hosts = ''] = raw.split('=', 2);
    if (!name.trim()) return `--competitor takes "NAME=HOST,HOST" (got ${JSON.stringify(safe(raw))}).`;
    const domains: string[] = [];
    for (const host of hosts
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)) {
      const d = normalizeTrackedDomain(host, '--competitor');
      if (!d.ok) return d.message;
      domains.push(d.domain);
    }
    competitors.push({ name: name.trim(), domains, aliases: [], case_sensitive: caseSensitive });
  }
  return competitors;
}

/** Asks each chosen engine the prompt now; one row per engine, in the engines' order. */
async function check(prompt: TrackedPrompt, engines: string[], config: CitationConfig): Promise<CitationResult[]> {
  const env = createCheckEnvironment(config, { now: () => new Date() });
  const checkId = `chk_${randomBase62(16)}`;
  const selected = ENGINE_LIST.map((e) => e.id).filter((id) => engines.includes(id));
  const outcome = await runPairs(
    selected.map((engine: CitationEngineId) => ({ prompt, engine, checkId })),
    env,
  );
  return selected.map((engine) => outcome.results.find((r) => r.row.engine === engine)!.row);
}

function renderTable(rows: CitationResult[], domain: string, brand: string | null): string {
  const lines = table([
    ['ENGINE', 'STATUS', 'CITED', 'MENTIONED', 'POSITION', 'RUNS', 'CITED URLS / ERROR'],
    ...rows.map((r) => [
      r.engine,
      r.status,
      r.cited ? 'yes' : 'no',
      brand === null ? '-' : r.runs > 1 ? `${r.mentioned_runs}/${r.runs}` : r.mentioned ? 'yes' : 'no',
      r.position === null ? '-' : String(r.position),
      r.runs + r.failed_runs > 1 ? `${r.cited_runs}/${r.runs}` : String(r.runs),
      safe(r.error ?? (r.cited_urls.join(' ') || (r.retrieved ? '(retrieved, not cited)' : '-'))),
    ]),
  ]);
  const out = [...lines];
  const names = rows[0]?.competitors.map((c) => c.name) ?? [];
  if (names.length > 0) {
    out.push('', '  Competitors, runs where each was mentioned / cited:');
    out.push(
      ...table([
        ['ENGINE', ...names.map(safe)],
        ...rows.map((r) => [r.engine, ...r.competitors.map((c) => `${c.mentioned_runs}/${c.cited_runs} of ${r.runs}`)]),
      ]),
    );
  }
  const queries = [...new Set(rows.flatMap((r) => r.search_queries))];
  if (queries.length > 0) out.push('', `  Searches the engines reported: ${queries.map((q) => JSON.stringify(safe(q))).join(', ')}`);
  const cited = rows.filter((r) => r.cited).length;
  const mentioned = rows.filter((r) => r.mentioned).length;
  const summary = `${safe(domain)} cited by ${cited} of ${rows.length} engine${rows.length === 1 ? '' : 's'}${brand === null ? '' : `; ${safe(brand)} named by ${mentioned}`}.`;
  const surfaces = rows.some((r) => CITATION_ENGINES[r.engine].surface === 'serp')
    ? " Measured through the providers' APIs (SERP rows through SerpApi), which can differ from their consumer apps."
    : " Measured through the providers' APIs, which can differ from their consumer apps.";
  return `${out.join('\n')}\n\n  ${summary}${surfaces}\n`;
}
