/**
 * The backend of `citable mcp --api-url URL` (or CITABLE_API_URL with CITABLE_API_KEY): every tool is
 * forwarded to a Citable server's REST API with the account's key, so audits are stored there, count
 * toward the account's limit there, and the account's stored audits and citations are available.
 * The server's `{"error"}` messages become the tool errors; answers are checked against the same
 * schemas the tools declare, so a server of another version says so instead of failing obscurely.
 */
import type { z } from 'zod';
import { auditEnvelopeSchema } from '../../../shared/schema/api.js';
import { citationListSchema } from '../../../shared/schema/citation.js';
import { citationSummaryEnvelopeSchema } from '../../../shared/schema/citation-intelligence.js';
import { trafficEnvelopeSchema } from '../../../shared/schema/traffic.js';
import { crawlEnvelopeSchema } from '../../../shared/schema/crawl.js';
import { fixListSchema } from '../../../shared/schema/fixes.js';
import { auditIdFromPath } from '../../audits/audit-id.js';
import { deadlineSignal } from '../../net/deadline-signal.js';
import { firstProblem } from '../../routes/validation-message.js';
import { asQueryParameters, McpToolError, type McpBackend } from '../backend.js';

export interface RemoteBackendOptions {
  /** The server's base URL (parseApiUrl), without /api/v1. */
  apiUrl: string;
  apiKey: string;
  /** How long one call may take; an audit waits for its scan (default 120 s). */
  timeoutMs?: number;
}

/** The base URL from CITABLE_API_URL / --api-url: http(s), no credentials; a trailing /api/v1 is accepted. */
export function parseApiUrl(raw: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return {
      ok: false,
      message: `the API URL ${JSON.stringify(raw)} is not a URL: give the server's address, such as http://127.0.0.1:8787`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, message: 'the API URL must start with http:// or https://' };
  if (url.username || url.password)
    return { ok: false, message: 'the API URL must not contain credentials: the key goes in CITABLE_API_KEY' };
  if (url.search || url.hash) return { ok: false, message: 'the API URL must not contain a query or fragment' };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '')}` };
}

interface Answer {
  status: number;
  json: unknown;
  headers: Headers;
}

export function createRemoteBackend(options: RemoteBackendOptions): McpBackend {
  const base = options.apiUrl;
  const server = { base, apiKey: options.apiKey, timeoutMs: options.timeoutMs ?? 120_000 };
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) => callServer(server, method, path, body);
  const refusal = (answer: Answer) => refusalOf(base, answer);
  const read = <S extends z.ZodType>(schema: S, what: string, answer: Answer) => readAnswer(base, schema, what, answer);

  return {
    auditScope: `in the account of CITABLE_API_KEY on ${base}`,
    async runAudit(url, run) {
      const answer = await call('POST', '/audits', {
        url,
        ...(run?.agents ? { agents: run.agents } : {}),
        ...(run?.render ? { render: true } : {}),
      });
      if (answer.status !== 201) throw refusal(answer);
      return read(auditEnvelopeSchema, 'an audit', answer).audit;
    },
    async getAudit(raw) {
      const id = auditIdFromPath(raw);
      if (!id) return null;
      const answer = await call('GET', `/audits/${id}`);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw refusal(answer);
      return read(auditEnvelopeSchema, 'an audit', answer).audit;
    },
    async listCitations(args) {
      const answer = await call('GET', `/citations?${new URLSearchParams(asQueryParameters(args))}`);
      if (answer.status !== 200) throw refusal(answer);
      return read(citationListSchema, 'citations', answer);
    },
    async crawlSite(input) {
      const answer = await call('POST', '/crawls', input);
      if (answer.status !== 202) throw refusal(answer);
      return read(crawlEnvelopeSchema, 'a crawl', answer).crawl;
    },
    async getCrawl(raw) {
      const id = auditIdFromPath(raw);
      if (!id) return null;
      const answer = await call('GET', `/crawls/${id}`);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw refusal(answer);
      return read(crawlEnvelopeSchema, 'a crawl', answer).crawl;
    },
    async getFixes(of, raw, policy) {
      const id = auditIdFromPath(raw);
      if (!id) return null;
      const answer = await call('GET', `/${of === 'audit' ? 'audits' : 'crawls'}/${id}/fixes?policy=${policy}`);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw refusal(answer);
      return read(fixListSchema, 'fixes', answer).fixes;
    },
    async crawlerTraffic(projectId, query) {
      const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const answer = await call('GET', `/projects/${encodeURIComponent(projectId)}/traffic?${params}`);
      if (answer.status !== 200) throw refusal(answer);
      return read(trafficEnvelopeSchema, 'traffic', answer).traffic;
    },
    async citationSummary(args) {
      const answer = await call('GET', `/citations/summary?${new URLSearchParams(asQueryParameters(args))}`);
      if (answer.status !== 200) throw refusal(answer);
      return read(citationSummaryEnvelopeSchema, 'a citation summary', answer).summary;
    },
  };
}

/** One request to the server's API with the key; a redirect, a timeout or no connection is a tool error. */
async function callServer(
  { base, apiKey, timeoutMs }: { base: string; apiKey: string; timeoutMs: number },
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer> {
  const deadline = deadlineSignal(timeoutMs);
  try {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      redirect: 'manual',
      signal: deadline.signal,
    });
    const text = await response.text();
    if (response.status >= 300 && response.status < 400) {
      throw new McpToolError(
        `The Citable server at ${base} redirects to ${response.headers.get('location') ?? 'another address'}: set CITABLE_API_URL to the server's own address`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, headers: response.headers };
  } catch (error) {
    if (error instanceof McpToolError) throw error;
    if (deadline.timedOut) throw new McpToolError(`The Citable server at ${base} did not answer within ${timeoutMs / 1000} s`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new McpToolError(`Cannot reach the Citable server at ${base}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  } finally {
    deadline.clear();
  }
}

/** The tool error for an answer the server refused with: its `{"error"}` message, and what to do. */
function refusalOf(base: string, { status, json, headers }: Answer): McpToolError {
  const error = (json as { error?: unknown } | undefined)?.error;
  const message = typeof error === 'string' ? error : `HTTP ${status}`;
  if (status === 401 || status === 403)
    return new McpToolError(`The Citable server at ${base} refused the API key (CITABLE_API_KEY): ${message}`);
  const retryAfter = headers.get('retry-after');
  if ((status === 429 || status === 503) && retryAfter) return new McpToolError(`${message}: retry in ${retryAfter} s`);
  if (status >= 500) return new McpToolError(`The Citable server at ${base} failed (HTTP ${status}): ${message}`);
  return new McpToolError(message);
}

/** The answer's body as the schema reads it; a tool error naming the version mismatch when it cannot. */
function readAnswer<S extends z.ZodType>(base: string, schema: S, what: string, answer: Answer): z.output<S> {
  const parsed = schema.safeParse(answer.json);
  if (parsed.success) return parsed.data;
  throw new McpToolError(
    `The Citable server at ${base} answered with ${what} this citable cannot read (${firstProblem(parsed.error)}): use the same version of citable as the server`,
  );
}
