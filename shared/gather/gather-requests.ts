import type { FetchedResource, Fetcher, FetchOptions } from '../types/fetcher.js';
import type { GatherLimits } from './limits.js';
import { BROWSER_USER_AGENT, HTML_ACCEPT } from './user-agents.js';
import { AGENT_PROBES, furtherProbes, type AgentProbeMember } from './agent-probes.js';
import type { AgentProbe } from '../types/snapshot.js';
import { DEFAULT_AGENT_SELECTION, type AgentSelection } from '../crawlers/probe-selection.js';
import { limitedFetcher } from '../crawl/limited-fetcher.js';
import type { ProbeAgent } from './user-agents.js';
import { failedResource } from './failed-resource.js';
import { givenSiteFiles, startSiteFiles, type GatheredSiteFiles, type SiteFilePromises } from './gather-site-files.js';

/** What the requests of one gathering depend on (a subset of GatherOptions). */
export interface RequestOptions {
  fetcher: Fetcher;
  agentFetches?: boolean;
  /** Which agents the page is fetched as when agent fetches are on (default: the sample). */
  agents?: AgentSelection;
  markdownProbe?: boolean;
  siteFiles?: GatheredSiteFiles;
  pageRedirectHosts?: readonly string[];
}

/** The audit deadline, also tripped by the caller's signal; `stop()` releases the timer and the listener. */
export interface Deadline {
  signal: AbortSignal;
  stop(): void;
}

export function startDeadline(deadlineMs: number, outer?: AbortSignal): Deadline {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('audit deadline')), deadlineMs);
  const onOuterAbort = () => deadline.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: deadline.signal,
    stop() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

export type Get = (
  url: string,
  maxBytes: number,
  headers?: Record<string, string>,
  redirectHosts?: readonly string[],
  more?: Pick<FetchOptions, 'gunzipBody'>,
) => Promise<FetchedResource>;

/** Every kind of request gathering makes, under the deadline and the byte caps. None rejects. */
export interface GatherRequests {
  get: Get;
  /** The page (or another URL on its redirect path) with these headers. */
  page(url: string, headers: Record<string, string>, maxBytes?: number): Promise<FetchedResource>;
  /** A site file, as a browser asks for it. */
  siteFile(url: string, accept: string, maxBytes?: number): Promise<FetchedResource>;
  /** The site files of an origin: the host's copy when it gave one for this origin, else fetched. */
  siteFiles(origin: string): SiteFilePromises;
  /** The page asked for with `Accept: text/markdown`, unless the Markdown probe is off. */
  markdown(url: string): Promise<FetchedResource | null>;
  /** The page as each AI agent probe, unless agent fetches are off: the named members, and the further agents. */
  agentProbes(url: string): AgentProbeRequests;
}

export type AgentProbeRequests = Record<AgentProbeMember, Promise<FetchedResource | null>> & {
  agentProbes: Promise<AgentProbe[] | null>;
};

export const AS_BROWSER = { 'user-agent': BROWSER_USER_AGENT, accept: HTML_ACCEPT };

export function gatherRequests(options: RequestOptions, limits: GatherLimits, signal: AbortSignal): GatherRequests {
  const get = getter(options.fetcher, limits, signal);
  const page = (url: string, headers: Record<string, string>, maxBytes = limits.pageBytes) =>
    get(url, maxBytes, headers, options.pageRedirectHosts);
  return {
    get,
    page,
    siteFile: (url, accept, maxBytes = limits.siteFileBytes) => get(url, maxBytes, { 'user-agent': BROWSER_USER_AGENT, accept }),
    siteFiles: (origin) =>
      options.siteFiles?.origin === origin
        ? givenSiteFiles(options.siteFiles)
        : startSiteFiles(origin, (url, maxBytes, headers, more) => get(url, maxBytes, headers, undefined, more), limits.siteFileBytes),
    markdown: (url) =>
      options.markdownProbe !== false
        ? page(url, { 'user-agent': BROWSER_USER_AGENT, accept: 'text/markdown' }, limits.siteFileBytes)
        : Promise.resolve(null),
    agentProbes: agentProbeRequests(options, limits, signal),
  };
}

/**
 * The page as each agent (one request per agent, never retried): the named members, then the agents of the
 * selection beyond them, all through one bound on requests at the site at once, so `agents: "all"` is a
 * queue, not a burst; each under the audit deadline like every other request.
 */
function agentProbeRequests(options: RequestOptions, limits: GatherLimits, signal: AbortSignal): (url: string) => AgentProbeRequests {
  const get = getter(limitedFetcher(options.fetcher, Math.max(1, limits.probeConcurrency)), limits, signal);
  const asAgent = (url: string, agent: ProbeAgent & { maxBytes?: number }) =>
    get(
      url,
      Math.min(agent.maxBytes ?? limits.pageBytes, limits.pageBytes),
      { ...agent.headers, 'user-agent': agent.userAgent },
      options.pageRedirectHosts,
    );
  return (url) => {
    const on = options.agentFetches !== false;
    const probes = {} as Record<AgentProbeMember, Promise<FetchedResource | null>>;
    for (const member of Object.keys(AGENT_PROBES) as AgentProbeMember[]) {
      probes[member] = on ? asAgent(url, AGENT_PROBES[member]) : Promise.resolve(null);
    }
    const further = on ? furtherProbes(options.agents ?? DEFAULT_AGENT_SELECTION) : [];
    const agentProbes = further.length
      ? Promise.all(further.map(async (agent) => ({ agent: agent.token, resource: await asAgent(url, agent) })))
      : Promise.resolve(null);
    return { ...probes, agentProbes };
  };
}

/** One request under the deadline and the per-request timeout; never rejects. */
function getter(fetcher: Fetcher, limits: GatherLimits, signal: AbortSignal): Get {
  return (url, maxBytes, headers = {}, redirectHosts, more) => {
    if (signal.aborted) return Promise.resolve(failedResource(url, 'deadline', 'the audit deadline ran out'));
    const opts: FetchOptions = {
      maxBytes,
      timeoutMs: limits.requestTimeoutMs,
      signal,
      headers,
      ...(redirectHosts ? { redirectHosts } : {}),
      ...(more?.gunzipBody ? { gunzipBody: true } : {}),
    };
    return fetcher.fetch(url, opts).catch((err: unknown) => failedResource(url, 'network', String(err)));
  };
}
