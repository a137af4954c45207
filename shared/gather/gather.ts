import type { FetchedResource, Fetcher } from '../types/fetcher.js';
import type { GatheredScript, ScriptRef, Snapshot } from '../types/snapshot.js';
import { DEFAULT_LIMITS, type GatherLimits } from './limits.js';
import { BROWSER_USER_AGENT } from './user-agents.js';
import { AGENT_FILE_BYTES, specOfKind } from '../agent-discovery/kinds.js';
import { agentFileLinkTargets } from '../agent-discovery/page-links.js';
import { agentmapUrls } from '../agent-discovery/agentmap.js';
import type { AgentCatalogEntry, AgentFileLink, SkillDigestCheck } from '../types/snapshot.js';
import { catalogEntryTargets } from '../agent-discovery/catalog-entries.js';
import { compareSkillDigest, SKILL_FILE_BYTES, skillDigestTargets } from '../agent-discovery/skill-digests.js';
import { markdownMirrorUrl } from '../facts/markdown-mirror.js';
import { describedLlmsTxtUrl } from '../llms-txt/discovery.js';
import { pageReferencesOf } from './script-refs.js';
import { pageFactsOf } from '../facts/page-facts-of.js';
import type { GatheredSiteFiles, SiteFilePromises } from './gather-site-files.js';
import { AS_BROWSER, gatherRequests, startDeadline, type GatherRequests } from './gather-requests.js';
import { LLMS_TXT_ACCEPT } from './site-files.js';
import { awaitAll } from './await-all.js';
import { originOf, parseUrl } from '../url/parse.js';
import type { AgentSelection } from '../crawlers/probe-selection.js';

export interface GatherOptions {
  fetcher: Fetcher;
  limits?: Partial<GatherLimits>;
  /** Cancels the whole gathering (in addition to the deadline). */
  signal?: AbortSignal;
  origin?: Snapshot['origin'];
  /** Fetch the page again as AI agents. Off in hosts that cannot set User-Agent (the browser). */
  agentFetches?: boolean;
  /** Which agents when agentFetches is on: `sample` (default) or `all` (shared/crawlers/probe-selection.ts). */
  agents?: AgentSelection;
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
  const deadline = startDeadline(limits.deadlineMs, options.signal);
  const requests = gatherRequests(options, limits, deadline.signal);

  try {
    const requestedOrigin = new URL(requestedUrl).origin;
    const pagePromise = requests.page(requestedUrl, AS_BROWSER);
    // The markdown version is asked beside the page, not after it: a slow page is then waited for once,
    // not twice. Asked again below only if the page moved.
    const earlyMarkdown = requests.markdown(requestedUrl);
    const agentProbes = requests.agentProbes(requestedUrl);
    // Site files start with the page, from the requested origin; refetched below if the page moved host.
    let files = requests.siteFiles(requestedOrigin);

    const page = await pagePromise;
    const where = pageLocation(page, requestedUrl, requestedOrigin);
    if (where.origin !== requestedOrigin) files = requests.siteFiles(where.origin);
    const markdown = where.readable ? (where.url === requestedUrl ? earlyMarkdown : requests.markdown(where.url)) : Promise.resolve(null);
    const fetched = await awaitAll({
      ...agentProbes,
      markdown,
      markdownMirror: markdownMirrorAfter(markdown, where, options.markdownProbe !== false, requests),
      ...files,
      ...pageReferences(page, where, limits, requests, files, !options.siteFiles),
    });
    const {
      llmsTxtLinks: checkedLinks,
      markdownMirror: mirror,
      agentFileLinks: linkedFiles,
      agentCatalogEntries: catalogEntries,
      agentSkillDigests: skillDigests,
      agentProbes: probes,
      describedLlmsTxt: described,
      ...resources
    } = fetched;

    return {
      submittedUrl,
      requestedUrl,
      page,
      ...resources,
      ...(checkedLinks ? { llmsTxtLinks: checkedLinks } : {}),
      ...(mirror ? { markdownMirror: mirror } : {}),
      ...(described ? { describedLlmsTxt: described } : {}),
      ...(linkedFiles.length ? { agentFileLinks: linkedFiles } : {}),
      ...(catalogEntries.length ? { agentCatalogEntries: catalogEntries } : {}),
      ...(skillDigests.length ? { agentSkillDigests: skillDigests } : {}),
      ...(probes ? { agentProbes: probes } : {}),
      origin: options.origin ?? 'server',
      startedAt: startedAt.toISOString(),
      gatherMs: Date.now() - t0,
      deadlineHit: deadline.signal.aborted && !options.signal?.aborted,
    };
  } finally {
    deadline.stop();
  }
}

/** Where the page ended up: its URL and origin when it answered, the requested ones when it did not. */
interface PageLocation {
  readable: boolean;
  url: string;
  origin: string;
}

function pageLocation(page: FetchedResource, requestedUrl: string, requestedOrigin: string): PageLocation {
  const readable = !page.error && page.status > 0;
  return {
    readable,
    url: readable ? page.finalUrl : requestedUrl,
    origin: readable ? (originOf(page.finalUrl) ?? requestedOrigin) : requestedOrigin,
  };
}

/**
 * The .md mirror is asked only when the page does not negotiate Markdown: one request fewer where it does
 * (and, like the Markdown probe, not at all where that probe is off: a crawl's pages outside its sample).
 */
function markdownMirrorAfter(
  markdown: Promise<FetchedResource | null>,
  where: PageLocation,
  probe: boolean,
  requests: GatherRequests,
): Promise<FetchedResource | null> {
  return markdown.then((md) => {
    const mirror = where.readable && probe && !isMarkdown(md) ? markdownMirrorUrl(where.url) : null;
    return mirror ? requests.siteFile(mirror, 'text/markdown, text/plain;q=0.9, */*;q=0.5') : null;
  });
}

/**
 * What the page refers to: its scripts, agent files its Link header or <link> elements point to elsewhere (and the
 * AI catalogs robots.txt names with `Agentmap:`), and the llms.txt it names with rel="describedby" (llms.txt v2)
 * when that is not the origin's /llms.txt.
 */
function pageReferences(
  page: FetchedResource,
  where: PageLocation,
  limits: GatherLimits,
  requests: GatherRequests,
  files: SiteFilePromises,
  siteLevel: boolean,
) {
  // The facts the judges read later (pageFactsOf keeps them): the page is parsed once.
  const { scripts: scriptRefs, links: htmlLinks } =
    where.readable && !page.binary
      ? pageReferencesOf(pageFactsOf(page, parseUrl(where.url)?.href ?? where.url), where.url)
      : { scripts: [], links: [] };
  const pageTargets = where.readable ? agentFileLinkTargets(where.url, page.headers.link, htmlLinks) : [];
  // Agentmap catalogs and the cards catalogs list are site-level: a crawl, which gives its site files, does not ask them per page.
  const fetchOnce = agentFileFetcher(where.origin, requests);
  const linkedNow = fetchOnce(pageTargets);
  const agentmaps = (siteLevel ? files.robotsTxt : Promise.resolve(null)).then((robots) =>
    fetchOnce(agentmapUrls(robots).map((url) => ({ kind: 'ai_catalog' as const, via: 'robots_txt' as const, url }))),
  );
  const agentFileLinks = Promise.all([linkedNow, agentmaps]).then(([linked, mapped]) => [...linked, ...mapped]);
  const described = where.readable ? describedLlmsTxtUrl(where.url, page.headers.link, htmlLinks) : null;
  const describedLlmsTxt = described ? requests.siteFile(described, LLMS_TXT_ACCEPT) : Promise.resolve(null);
  const agentCatalogEntries = siteLevel ? fetchCatalogEntries(files.aiCatalog, agentFileLinks, requests) : Promise.resolve([]);
  const agentSkillDigests = siteLevel ? checkSkillDigests(files.agentSkills, requests) : Promise.resolve([]);
  const scripts = gatherScripts(scriptRefs, limits, requests.get);
  return { scripts, agentFileLinks, agentCatalogEntries, agentSkillDigests, describedLlmsTxt };
}

/** The cards and nested catalogs the AI catalogs list, once every catalog has arrived (catalog-entries.ts bounds them). */
async function fetchCatalogEntries(
  wellKnown: Promise<FetchedResource | null | undefined>,
  linked: Promise<AgentFileLink[]>,
  requests: GatherRequests,
): Promise<AgentCatalogEntry[]> {
  const [catalog, links] = await Promise.all([wellKnown, linked]);
  const catalogs = [
    ...(catalog ? [catalog] : []),
    ...links.filter((l) => l.kind === 'ai_catalog').map((l) => ({ ...l.resource, url: l.url })),
  ];
  const fetched = [...catalogs.map((c) => c.url), ...links.map((l) => l.url)];
  const targets = catalogEntryTargets(catalogs, fetched);
  return Promise.all(
    targets.map(async (t) => ({ ...t, resource: await requests.siteFile(t.url, specOfKind(t.kind).accept, AGENT_FILE_BYTES) })),
  );
}

/** The SKILL.md files an Agent Skills index lists, fetched to compare their digests (skill-digests.ts bounds them). */
async function checkSkillDigests(
  index: Promise<FetchedResource | null | undefined>,
  requests: GatherRequests,
): Promise<SkillDigestCheck[]> {
  const targets = skillDigestTargets(await index);
  const accept = 'text/markdown, text/plain;q=0.9, */*;q=0.1';
  return Promise.all(targets.map(async (t) => compareSkillDigest(t, await requests.siteFile(t.url, accept, SKILL_FILE_BYTES))));
}

/**
 * Fetches linked agent files, each asked for once across calls (a page link and an Agentmap line may name the same),
 * except the well-known ones the site files fetched.
 */
function agentFileFetcher(origin: string, requests: GatherRequests) {
  const asked = new Map<string, Promise<FetchedResource>>();
  const once = (t: Omit<AgentFileLink, 'resource'>) => {
    const key = `${t.kind} ${t.url}`;
    if (!asked.has(key)) asked.set(key, requests.siteFile(t.url, specOfKind(t.kind).accept, AGENT_FILE_BYTES));
    return asked.get(key)!;
  };
  return (targets: Omit<AgentFileLink, 'resource'>[]): Promise<AgentFileLink[]> =>
    Promise.all(
      targets.filter((t) => t.url !== new URL(specOfKind(t.kind).path, origin).href).map(async (t) => ({ ...t, resource: await once(t) })),
    );
}

function isMarkdown(md: FetchedResource | null): boolean {
  return !!md && !md.error && md.status >= 200 && md.status < 300 && /^text\/(x-)?markdown\b/i.test(md.headers['content-type'] ?? '');
}

type Get = (url: string, maxBytes: number, headers?: Record<string, string>) => Promise<FetchedResource>;

/**
 * Fetches referenced scripts under the count and byte budgets. A fetch reserves its full cap
 * from the budget when it starts and returns what it did not use, so concurrency cannot overspend.
 */
async function gatherScripts(refs: readonly ScriptRef[], limits: GatherLimits, get: Get): Promise<GatheredScript[]> {
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
