import type { FetchedResource, Fetcher, FetchOptions } from '../types/fetcher.js';
import type { GatheredScript, Snapshot } from '../types/snapshot.js';
import { DEFAULT_LIMITS, type GatherLimits } from './limits.js';
import { BROWSER_USER_AGENT, HTML_ACCEPT } from './user-agents.js';
import { AGENT_PROBES, type AgentProbeMember } from './agent-probes.js';
import { AGENT_FILE_BYTES, specOfKind } from '../agent-discovery/kinds.js';
import { agentFileLinkTargets, type HtmlLink } from '../agent-discovery/page-links.js';
import { markdownMirrorUrl } from '../facts/markdown-mirror.js';
import { extractScriptRefs } from './script-refs.js';
import { failedResource } from './failed-resource.js';
import { givenSiteFiles, startSiteFiles, type GatheredSiteFiles } from './gather-site-files.js';
import { awaitAll } from './await-all.js';
import { originOf } from '../url/parse.js';

export interface GatherOptions {
  fetcher: Fetcher;
  limits?: Partial<GatherLimits>;
  /** Cancels the whole gathering (in addition to the deadline). */
  signal?: AbortSignal;
  origin?: Snapshot['origin'];
  /** Fetch the page again as AI agents. Off in hosts that cannot set User-Agent (the browser). */
  agentFetches?: boolean;
  /** Fetch the page again with `Accept: text/markdown` (default true; a crawl asks only on its sample pages). */
  markdownProbe?: boolean;
  /** Site files the host fetched once for this origin (a crawl): used instead of fetching them again. */
  siteFiles?: GatheredSiteFiles;
  /** Follow the page's redirects only to these hosts (a crawl stays on its site); absent: follow any. */
  pageRedirectHosts?: readonly string[];
  now?: () => Date;
}

/**
 * The only I/O of an audit: the page, then everything else in parallel. Never throws for
 * network trouble; failures are recorded in the snapshot for the judges to read.
 */
export async function gather(requestedUrl: string, submittedUrl: string, options: GatherOptions): Promise<Snapshot> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const t0 = Date.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('audit deadline')), limits.deadlineMs);
  const onOuterAbort = () => deadline.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const get = (
    url: string,
    maxBytes: number,
    headers: Record<string, string> = {},
    redirectHosts?: readonly string[],
  ): Promise<FetchedResource> => {
    if (deadline.signal.aborted) return Promise.resolve(failedResource(url, 'deadline', 'the audit deadline ran out'));
    const opts: FetchOptions = {
      maxBytes,
      timeoutMs: limits.requestTimeoutMs,
      signal: deadline.signal,
      headers,
      ...(redirectHosts ? { redirectHosts } : {}),
    };
    return options.fetcher.fetch(url, opts).catch((err: unknown) => failedResource(url, 'network', String(err)));
  };
  const asBrowser = { 'user-agent': BROWSER_USER_AGENT, accept: HTML_ACCEPT };
  const pageGet = (url: string, headers: Record<string, string>, maxBytes = limits.pageBytes) =>
    get(url, maxBytes, headers, options.pageRedirectHosts);
  const siteFile = (url: string, accept: string, maxBytes = limits.siteFileBytes) =>
    get(url, maxBytes, { 'user-agent': BROWSER_USER_AGENT, accept });
  const siteFilesOf = (origin: string) =>
    options.siteFiles?.origin === origin ? givenSiteFiles(options.siteFiles) : startSiteFiles(origin, get, limits.siteFileBytes);

  try {
    const requestedOrigin = new URL(requestedUrl).origin;
    const pagePromise = pageGet(requestedUrl, asBrowser);
    // The markdown version is asked beside the page, not after it: a slow page is then waited for once,
    // not twice. Asked again below only if the page moved.
    const markdownOf = (url: string) =>
      options.markdownProbe !== false
        ? pageGet(url, { 'user-agent': BROWSER_USER_AGENT, accept: 'text/markdown' }, limits.siteFileBytes)
        : Promise.resolve(null);
    const earlyMarkdown = markdownOf(requestedUrl);
    const asAgent = (agent: { userAgent: string; maxBytes?: number }) =>
      options.agentFetches !== false
        ? pageGet(
            requestedUrl,
            { 'user-agent': agent.userAgent, accept: HTML_ACCEPT },
            Math.min(agent.maxBytes ?? limits.pageBytes, limits.pageBytes),
          )
        : Promise.resolve(null);
    const agentProbes = {} as Record<AgentProbeMember, Promise<FetchedResource | null>>;
    for (const member of Object.keys(AGENT_PROBES) as AgentProbeMember[]) agentProbes[member] = asAgent(AGENT_PROBES[member]);
    // Site files start with the page, from the requested origin; refetched below if the page moved host.
    let files = siteFilesOf(requestedOrigin);

    const page = await pagePromise;
    const pageReadable = !page.error && page.status > 0;
    const finalOrigin = pageReadable ? (originOf(page.finalUrl) ?? requestedOrigin) : requestedOrigin;
    if (finalOrigin !== requestedOrigin) files = siteFilesOf(finalOrigin);
    const pageUrl = pageReadable ? page.finalUrl : requestedUrl;

    const markdown = pageReadable ? (pageUrl === requestedUrl ? earlyMarkdown : markdownOf(pageUrl)) : Promise.resolve(null);
    // The .md mirror is asked only when the page does not negotiate Markdown: one request fewer where it does
    // (and, like the Markdown probe, not at all where that probe is off: a crawl's pages outside its sample).
    const markdownMirror = markdown.then((md) => {
      const mirror = pageReadable && options.markdownProbe !== false && !isMarkdown(md) ? markdownMirrorUrl(pageUrl) : null;
      return mirror ? siteFile(mirror, 'text/markdown, text/plain;q=0.9, */*;q=0.5') : null;
    });
    const htmlLinks: HtmlLink[] = [];
    const scriptRefs = pageReadable && !page.binary ? extractScriptRefs(page.body, pageUrl, htmlLinks) : [];
    const agentFileLinks = Promise.all(
      (pageReadable ? agentFileLinkTargets(pageUrl, page.headers.link, htmlLinks) : [])
        .filter((t) => t.url !== new URL(specOfKind(t.kind).path, finalOrigin).href)
        .map(async (t) => ({ ...t, resource: await siteFile(t.url, specOfKind(t.kind).accept, AGENT_FILE_BYTES) })),
    );

    const fetched = await awaitAll({
      ...agentProbes,
      markdown,
      markdownMirror,
      ...files,
      scripts: gatherScripts(scriptRefs, limits, get),
      agentFileLinks,
    });
    const { llmsTxtLinks: checkedLinks, markdownMirror: mirror, agentFileLinks: linkedFiles, ...resources } = fetched;

    return {
      submittedUrl,
      requestedUrl,
      page,
      ...resources,
      ...(checkedLinks ? { llmsTxtLinks: checkedLinks } : {}),
      ...(mirror ? { markdownMirror: mirror } : {}),
      ...(linkedFiles.length ? { agentFileLinks: linkedFiles } : {}),
      origin: options.origin ?? 'server',
      startedAt: startedAt.toISOString(),
      gatherMs: Date.now() - t0,
      deadlineHit: deadline.signal.aborted && !options.signal?.aborted,
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

function isMarkdown(md: FetchedResource | null): boolean {
  return !!md && !md.error && md.status >= 200 && md.status < 300 && /^text\/(x-)?markdown\b/i.test(md.headers['content-type'] ?? '');
}

type Get = (url: string, maxBytes: number, headers?: Record<string, string>) => Promise<FetchedResource>;

/**
 * Fetches referenced scripts under the count and byte budgets. A fetch reserves its full cap
 * from the budget when it starts and returns what it did not use, so concurrency cannot overspend.
 */
async function gatherScripts(refs: ReturnType<typeof extractScriptRefs>, limits: GatherLimits, get: Get): Promise<GatheredScript[]> {
  const out: GatheredScript[] = refs.map((r, i) => (i < limits.scriptCount ? { ...r } : { ...r, skipped: 'cap_count' }));
  let budget = limits.scriptTotalBytes;
  let next = 0;
  const worker = async () => {
    while (next < Math.min(out.length, limits.scriptCount)) {
      const script = out[next++]!;
      const reserve = Math.min(limits.scriptBytes, budget);
      if (reserve <= 0) {
        script.skipped = 'cap_bytes';
        continue;
      }
      budget -= reserve;
      const res = await get(script.url, reserve, { 'user-agent': BROWSER_USER_AGENT, accept: '*/*' });
      budget += reserve - Math.min(res.bytes, reserve);
      script.resource = res;
      const skip = scriptSkipReason(res, reserve < limits.scriptBytes);
      if (skip) script.skipped = skip;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limits.scriptConcurrency) }, worker));
  return out;
}

function scriptSkipReason(res: FetchedResource, budgetLimited: boolean): GatheredScript['skipped'] {
  if (res.error) {
    if (res.error.code === 'timeout' || res.error.code === 'deadline') return 'timeout';
    if (res.error.code === 'cross_origin') return 'cross_origin';
    return 'unreachable';
  }
  if (res.status < 200 || res.status >= 300) return 'http_error';
  if (res.binary || /^text\/html/i.test(res.headers['content-type'] ?? '')) return 'not_javascript';
  if (res.truncated) return budgetLimited ? 'cap_bytes' : 'too_large';
  return undefined;
}
