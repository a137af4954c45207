/**
 * Everything the fix generators read from one HTML page, taken from the engine's own facts (the single
 * streaming pass): plain data, so a host can keep it or pass it on. Nothing here is invented: a fact the page
 * does not state is null.
 */
import type { JudgeContext } from '../../judge/context.js';
import { firstMeta } from '../../facts/page-facts.js';
import { readJsonLd } from '../../structured-data/json-ld.js';
import { socialMeta, type SocialMeta } from '../../structured-data/open-graph.js';
import { canonicalDeclarations } from '../../facts/canonical-declarations.js';
import { siteIdentity, type SiteIdentity } from './identity.js';
import { pageKind, type PageKind } from './page-kind.js';
import { headHtmlOf } from './head-html.js';
import { pageSummary, openingText } from './page-summary.js';
import { collapse } from './text.js';
import { sameSiteLinks, apiDescriptionLinks, type PageLink } from './page-links.js';

export interface PageDigest {
  /** The page's final URL. */
  url: string;
  /** The character encoding the page was decoded with (WHATWG name), or null when unknown. */
  encoding: string | null;
  lang: string | null;
  title: string | null;
  titleCount: number;
  /** `<meta name="description">`, as written. */
  description: string | null;
  /** The page's summary in its own words (description, og:description or opening text). */
  summary: string | null;
  /** The first `<h1>`. */
  h1: string | null;
  /** The opening text under the first heading (a description when the page has none). */
  openingText: string | null;
  /** The canonical URL the page declares, absolute, or null. */
  canonical: string | null;
  og: SocialMeta['og'];
  twitterCard: string | null;
  /** The first content image (absolute), for previews when og:image is missing. */
  image: string | null;
  identity: SiteIdentity;
  kind: PageKind;
  /** JSON-LD blocks as written: the ones that parse (each one's top-level nodes) and how many do not. */
  jsonLd: { nodes: Record<string, unknown>[]; broken: number };
  /** Same-site links with their text, in page order. */
  links: PageLink[];
  /** Links to API descriptions (OpenAPI and the like) the page declares. */
  apiLinks: PageLink[];
  /** The raw `<head>` inner HTML, for the before/after preview; null when too large or absent. */
  headHtml: string | null;
}

/** `lead`: the first paragraph of the page's Markdown, when the host converted it (a better summary than heading text). */
export function digestPage(ctx: JudgeContext, lead: string | null = null): PageDigest {
  const facts = ctx.facts;
  const social = socialMeta(ctx);
  const h1 = collapse(facts.headings.find((h) => h.level === 1)?.text);
  const title = collapse(facts.title);
  const canonical = canonicalDeclarations(ctx).find((d) => d.source === 'html' && d.href)?.href ?? null;
  return {
    url: ctx.pageUrl.href,
    encoding: ctx.snapshot.page.encoding,
    lang: collapse(facts.lang),
    title,
    titleCount: facts.titleCount,
    description: collapse(firstMeta(facts.metaByName, 'description')),
    summary:
      collapse(firstMeta(facts.metaByName, 'description')) ?? collapse(social.og.description) ?? lead ?? pageSummary(ctx).description,
    h1,
    openingText: lead ?? openingText(ctx, 170),
    canonical,
    og: social.og,
    twitterCard: social.twitterCard,
    image: facts.images.find((i) => i.src && /^https?:/.test(i.src) && !/logo|icon|avatar|pixel/i.test(i.src))?.src ?? null,
    identity: siteIdentity(ctx),
    kind: pageKind(ctx, collapse(social.og.title) ?? h1 ?? title),
    jsonLd: jsonLdNodes(ctx),
    links: sameSiteLinks(ctx),
    apiLinks: apiDescriptionLinks(ctx),
    headHtml: headHtmlOf(ctx.snapshot.page.body),
  };
}

/** Top-level nodes of each parsed block (a `@graph`'s members count as top level). */
function jsonLdNodes(ctx: JudgeContext): PageDigest['jsonLd'] {
  const doc = readJsonLd(ctx);
  const nodes = doc.entities.filter((e) => e.depth === 0).map((e) => e.node);
  return { nodes, broken: doc.blocks.filter((b) => !b.ok).length };
}
