/**
 * Reading what the fixes are built from, now, through the host's Fetcher: the page and its site files (the
 * engine's own gather, without the agent and Markdown probes or scripts), then the same-site pages it links
 * to, for the llms.txt of an audit. The site's current files matter more than the ones the audit saw: a
 * robots.txt fix built from an old copy would undo what the site changed since.
 */
import type { FetchedResource, Fetcher } from '../types/fetcher.js';
import type { Snapshot } from '../types/snapshot.js';
import { gather } from '../gather/gather.js';
import { BROWSER_USER_AGENT, HTML_ACCEPT } from '../gather/user-agents.js';
import { JudgeContext } from '../judge/context.js';
import { readRobotsTxt } from '../robots/read.js';
import { classifySiteFile } from '../llms-txt/site-file.js';
import { digestPage } from './digest/page-digest.js';
import { pageSummary } from './digest/page-summary.js';
import { htmlToMarkdown, leadParagraph } from './markdown/html-to-markdown.js';
import { specificTitle } from './digest/text.js';
import type { FixInputs, LinkedPage, RobotsSource } from './inputs.js';

export interface ReadInputsOptions {
  fetcher: Fetcher;
  /** How many linked pages to read for llms.txt (0 for a crawl, whose pages are known). */
  linkedPages?: number;
  deadlineMs?: number;
  signal?: AbortSignal;
}

const LINKED_PAGES = 12;
const LINKED_PAGE_BYTES = 1024 * 1024;
const LINKED_CONCURRENCY = 4;

export async function readFixInputs(pageUrl: string, options: ReadInputsOptions): Promise<FixInputs> {
  const snapshot = await gather(pageUrl, pageUrl, {
    fetcher: options.fetcher,
    agentFetches: false,
    markdownProbe: false,
    limits: { scriptCount: 0, ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}) },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const inputs = inputsFromSnapshot(snapshot);
  return { ...inputs, linked: await readLinkedPages(inputs, options) };
}

/** The inputs a snapshot already holds (a host that has just audited the page reads nothing twice); `linked` is left empty. */
export function inputsFromSnapshot(snapshot: Snapshot): FixInputs {
  const ctx = new JudgeContext(snapshot);
  const problems: string[] = [];
  const readable = ctx.pageOk && /html|xml/i.test(snapshot.page.headers['content-type'] ?? 'text/html');
  if (!readable) problems.push(`the page could not be read now (${snapshot.page.error?.message ?? `HTTP ${snapshot.page.status}`})`);
  const markdown = readable ? htmlToMarkdown(snapshot.page.body, ctx.pageUrl.href, markdownTitle(ctx)) : null;
  const sitemap = snapshot.sitemap ? classifySiteFile(snapshot.sitemap) : null;
  return {
    pageUrl: ctx.pageUrl.href,
    page: readable ? digestPage(ctx, leadParagraph(markdown)) : null,
    robots: robotsSource(snapshot.robotsTxt),
    sitemapUrl: sitemap?.kind === 'text' ? snapshot.sitemap!.finalUrl || snapshot.sitemap!.url : null,
    linked: [],
    markdown,
    problems,
  };
}

function markdownTitle(ctx: JudgeContext): string | null {
  return ctx.facts.headings.find((h) => h.level === 1)?.text.trim() || specificTitle(ctx.facts.title);
}

export function robotsSource(resource: FetchedResource | null): RobotsSource {
  const reading = readRobotsTxt(resource);
  switch (reading.kind) {
    case 'parsed':
      return { state: 'text', text: resource!.body, truncated: resource!.truncated };
    case 'unavailable':
      return { state: 'missing' };
    case 'unreachable':
      return { state: 'unusable', reason: `it answers ${reading.reason}` };
    case 'not-text':
      return { state: 'unusable', reason: reading.reason === 'html' ? 'it answers with an HTML page' : 'it is not text' };
    case 'not-checked':
      return { state: 'unknown', reason: reading.reason };
  }
}

/** The home page and the first same-site links of the page, each read once; pages that do not answer 2xx HTML are left out. */
export async function readLinkedPages(inputs: FixInputs, options: ReadInputsOptions): Promise<LinkedPage[]> {
  const limit = options.linkedPages ?? LINKED_PAGES;
  if (limit <= 0 || !inputs.page) return [];
  const { origin, href } = new URL(inputs.pageUrl);
  const home = `${origin}/`;
  const urls = [...new Set([...(href === home ? [] : [home]), ...inputs.page.links.map((l) => l.url)])].slice(0, limit);
  const out: Array<LinkedPage | null> = new Array(urls.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      out[i] = await readLinkedPage(urls[i]!, origin, options);
    }
  };
  await Promise.all(Array.from({ length: LINKED_CONCURRENCY }, worker));
  return out.filter((p): p is LinkedPage => p !== null);
}

async function readLinkedPage(url: string, origin: string, options: ReadInputsOptions): Promise<LinkedPage | null> {
  const resource = await options.fetcher
    .fetch(url, {
      maxBytes: LINKED_PAGE_BYTES,
      timeoutMs: 10_000,
      headers: { 'user-agent': BROWSER_USER_AGENT, accept: HTML_ACCEPT },
      ...(options.signal ? { signal: options.signal } : {}),
    })
    .catch(() => null);
  if (!resource || resource.error || resource.status < 200 || resource.status >= 300 || resource.binary) return null;
  const finalUrl = resource.finalUrl || url;
  if (new URL(finalUrl).origin !== origin || !/html/i.test(resource.headers['content-type'] ?? 'text/html')) return null;
  return { url: finalUrl, ...pageSummary(new JudgeContext(pageOnlySnapshot(resource))) };
}

/** A snapshot holding only a page, for reading its facts. */
export function pageOnlySnapshot(page: FetchedResource): Snapshot {
  return {
    submittedUrl: page.url,
    requestedUrl: page.url,
    page,
    pageAsSearchAgent: null,
    pageAsUserAgent: null,
    markdown: null,
    robotsTxt: null,
    llmsTxt: null,
    llmsFullTxt: null,
    sitemap: null,
    tdmrep: null,
    scripts: [],
    origin: 'server',
    startedAt: new Date(0).toISOString(),
    gatherMs: 0,
    deadlineHit: false,
  };
}
