/**
 * `citable citations summary` and `citable citations sources`: a Citable server's GET /citations/summary
 * and /citations/sources (CITABLE_API_URL and CITABLE_API_KEY, as `citable mcp` uses them), printed as
 * tables, or with --json exactly the API's answer.
 */
import { API_KEY_PATTERN } from '../auth/api-key.js';
import {
  citationSourcesSchema,
  citationSummaryEnvelopeSchema,
  type CitationSources,
  type CitationSummary,
} from '../../shared/schema/citation-intelligence.js';
import { parseApiUrl } from '../mcp/backends/remote-backend.js';
import { deadlineSignal } from '../net/deadline-signal.js';
import { firstProblem } from '../routes/validation-message.js';
import type { CliIo } from './io.js';
import { safe, table } from './report/text.js';

export const REPORT_OPTIONS = {
  project: { type: 'string' },
  'prompt-id': { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  limit: { type: 'string' },
  'api-url': { type: 'string' },
  'api-key': { type: 'string' },
} as const;

export const REPORT_HELP = `summary / sources: read a Citable server (CITABLE_API_URL and CITABLE_API_KEY, or --api-url and --api-key).
  --project ID        one project (prj_…); without it, every prompt of the account
  --prompt-id ID      summary only: one prompt (prm_…)
  --engine E          one engine
  --since DAY, --until DAY   the window in UTC days, inclusive (default: the last 30 days)
  --limit N           sources only: how many domains (default 50)
  --json              print the API's answer as it is
`;

interface ReportValues {
  project?: string;
  'prompt-id'?: string;
  engine?: string[];
  since?: string;
  until?: string;
  limit?: string;
  json?: boolean;
  'api-url'?: string;
  'api-key'?: string;
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

export async function runReport(
  kind: 'summary' | 'sources',
  values: ReportValues,
  io: CliIo,
  fail: (message: string) => number,
): Promise<number> {
  const request = reportRequest(kind, values, io);
  if (typeof request === 'string') return fail(request);
  const answer = await fetchReport(kind, request, io);
  if (!answer) return 1;
  const { status, json } = answer;
  if (status !== 200) {
    const message = (json as { error?: unknown } | undefined)?.error;
    io.stderr.write(`citable citations ${kind}: the server answered ${status}${typeof message === 'string' ? `: ${safe(message)}` : ''}\n`);
    return status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429 ? 2 : 1;
  }
  if (values.json) {
    io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    return 0;
  }
  if (kind === 'summary') {
    const read = citationSummaryEnvelopeSchema.safeParse(json);
    if (!read.success) return unreadable(io, kind, firstProblem(read.error));
    io.stdout.write(renderSummary(read.data.summary));
  } else {
    const read = citationSourcesSchema.safeParse(json);
    if (!read.success) return unreadable(io, kind, firstProblem(read.error));
    io.stdout.write(renderSources(read.data));
  }
  return 0;
}

interface ReportRequest {
  /** The server's base URL (parseApiUrl). */
  url: string;
  apiKey: string;
  query: URLSearchParams;
}

/** Where to ask and what, from the options and the environment; or what is wrong with them. */
function reportRequest(kind: 'summary' | 'sources', values: ReportValues, io: CliIo): ReportRequest | string {
  const apiUrl = values['api-url'] ?? (io.env.CITABLE_API_URL || undefined);
  const apiKey = values['api-key'] ?? (io.env.CITABLE_API_KEY || undefined);
  if (!apiUrl || !apiKey) return `${kind} reads a Citable server: set CITABLE_API_URL and CITABLE_API_KEY (or --api-url and --api-key).`;
  const parsed = parseApiUrl(apiUrl);
  if (!parsed.ok) return `${parsed.message}.`;
  if (!API_KEY_PATTERN.test(apiKey)) return 'the API key does not look like a Citable key (cit_ followed by 32 letters and digits).';
  if ((values.engine?.length ?? 0) > 1) return `${kind} takes one --engine.`;
  if (kind === 'sources' && values['prompt-id'] !== undefined) return 'sources takes no --prompt-id: it is per project.';
  const query = new URLSearchParams();
  const add = (name: string, value: string | undefined) => value !== undefined && query.set(name, value);
  add('project_id', values.project);
  add('prompt_id', values['prompt-id']);
  add('engine', values.engine?.[0]);
  add('since', values.since);
  add('until', values.until);
  if (kind === 'sources') add('limit', values.limit);
  return { url: parsed.url, apiKey, query };
}

/** The server's status and JSON answer; null (said on stderr) when it could not be reached in 60 s. */
async function fetchReport(
  kind: 'summary' | 'sources',
  { url, apiKey, query }: ReportRequest,
  io: CliIo,
): Promise<{ status: number; json: unknown } | null> {
  const deadline = deadlineSignal(60_000);
  try {
    const response = await fetch(`${url}/api/v1/citations/${kind}?${query}`, {
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
      redirect: 'manual',
      signal: deadline.signal,
    });
    const status = response.status;
    return { status, json: await response.json().catch(() => undefined) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    io.stderr.write(
      `citable citations ${kind}: cannot reach ${url}: ${deadline.timedOut ? 'no answer within 60 s' : (cause?.code ?? (error as Error).message)}\n`,
    );
    return null;
  } finally {
    deadline.clear();
  }
}

function unreadable(io: CliIo, kind: string, problem: string): number {
  io.stderr.write(
    `citable citations ${kind}: the server's answer is not one this citable reads (${problem}): use the same version as the server\n`,
  );
  return 1;
}

export function renderSummary(s: CitationSummary): string {
  const row = (name: string, f: Omit<CitationSummary, 'by_engine' | 'competitors' | 'series' | 'since' | 'until'>) => [
    name,
    String(f.runs),
    pct(f.visibility),
    pct(f.citation_rate),
    `${f.mentioned_runs}`,
    pct(f.share_of_voice),
    f.avg_position === null ? '-' : f.avg_position.toFixed(2),
  ];
  const lines = [
    `  Citation summary ${s.since} to ${s.until} (UTC days, API-measured)`,
    '',
    ...table([
      ['ENGINE', 'RUNS', 'VISIBILITY', 'CITATION RATE', 'MENTIONED', 'SHARE OF VOICE', 'AVG POSITION'],
      ...s.by_engine.map((e) => row(e.engine, e)),
      row('all', s),
    ]),
  ];
  if (s.competitors.length > 0) {
    lines.push(
      '',
      ...table([
        ['COMPETITOR', 'VISIBLE RUNS', 'VISIBILITY', 'SHARE OF VOICE'],
        ...s.competitors.map((c) => [safe(c.name), String(c.visible_runs), pct(c.visibility), pct(c.share_of_voice)]),
      ]),
    );
  }
  const days = s.series.filter((d) => d.runs > 0);
  if (days.length > 0) {
    lines.push(
      '',
      `  Daily visibility (${days.length} day${days.length === 1 ? '' : 's'} with runs): ${sparkline(s.series.map((d) => d.visibility))}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function renderSources(s: CitationSources): string {
  if (s.sources.length === 0) return `  No citations ${s.since} to ${s.until}.\n`;
  const lines = [
    `  Cited sources ${s.since} to ${s.until} (UTC days)`,
    '',
    ...table([
      ['DOMAIN', 'KIND', 'CITATIONS', 'RUNS', 'ENGINES', 'TOP URL'],
      ...s.sources.map((x) => [
        safe(x.domain),
        x.kind === 'competitor' && x.competitor ? `competitor (${safe(x.competitor)})` : x.kind,
        String(x.citations),
        String(x.runs),
        x.engines.join(','),
        safe(x.top_urls[0]?.url ?? '-'),
      ]),
    ]),
  ];
  return `${lines.join('\n')}\n`;
}

const BARS = '▁▂▃▄▅▆▇█';
function sparkline(values: number[]): string {
  return values.map((v) => BARS[Math.min(BARS.length - 1, Math.floor(v * BARS.length))]).join('');
}
