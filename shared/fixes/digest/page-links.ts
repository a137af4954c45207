/** The links of a page the generated files use: its same-site pages (for llms.txt) and its API descriptions (for an API catalog). */
import type { JudgeContext } from '../../judge/context.js';
import { parseUrl } from '../../url/parse.js';
import { collapse } from './text.js';

export interface PageLink {
  url: string;
  /** The link's text (or title), whitespace collapsed; null when it has none. */
  text: string | null;
}

const MAX_LINKS = 60;
/** Files, feeds and app routes an agent does not read as a page. */
const NOT_A_PAGE = /\.(png|jpe?g|gif|webp|svg|ico|css|js|mjs|json|xml|rss|atom|zip|gz|pdf|mp4|mp3|woff2?)$/i;
const API_RELS = ['service-desc', 'service-doc', 'describedby'];
const API_FILE = /(openapi|swagger)[^/]*\.(json|ya?ml)$/i;

/** Same-origin http(s) links to other pages, without fragments or duplicates, in page order. */
export function sameSiteLinks(ctx: JudgeContext): PageLink[] {
  const page = ctx.pageUrl;
  const seen = new Set<string>([withoutHash(page.href)]);
  const out: PageLink[] = [];
  for (const a of ctx.facts.anchors) {
    const url = a.href ? parseUrl(a.href) : null;
    if (!url || url.origin !== page.origin || NOT_A_PAGE.test(url.pathname)) continue;
    const href = withoutHash(url.href);
    if (seen.has(href)) continue;
    seen.add(href);
    out.push({ url: href, text: collapse(a.text) });
    if (out.length === MAX_LINKS) break;
  }
  return out;
}

/** `<link rel="service-desc|service-doc|describedby">` and links to OpenAPI or Swagger files on the same site. */
export function apiDescriptionLinks(ctx: JudgeContext): PageLink[] {
  const out = new Map<string, PageLink>();
  for (const l of ctx.facts.links) {
    const rel = l.rel.find((r) => API_RELS.includes(r));
    if (l.href && rel && /^https?:/.test(l.href)) out.set(l.href, { url: l.href, text: rel });
  }
  for (const a of ctx.facts.anchors) {
    const url = a.href ? parseUrl(a.href) : null;
    if (url && url.origin === ctx.pageUrl.origin && API_FILE.test(url.pathname)) out.set(url.href, { url: url.href, text: 'service-desc' });
  }
  return [...out.values()].slice(0, 10);
}

function withoutHash(href: string): string {
  const i = href.indexOf('#');
  return i < 0 ? href : href.slice(0, i);
}
