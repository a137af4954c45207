/**
 * Who publishes the site, as the page itself says it: a name, the home page, a logo and the profiles it links
 * to. Read from the page's JSON-LD first, then its meta tags, images and links; whatever no source states is
 * left null (a generated file then shows a placeholder, never a guess).
 */
import type { JudgeContext } from '../../judge/context.js';
import { readJsonLd } from '../../structured-data/json-ld.js';
import { propText, propValues, isObject } from '../../structured-data/json-ld-values.js';
import { hasFamily } from '../../structured-data/schema-families.js';
import { socialMeta } from '../../structured-data/open-graph.js';
import { firstMeta } from '../../facts/page-facts.js';
import { parseUrl } from '../../url/parse.js';
import { collapse } from './text.js';

export interface SiteIdentity {
  /** The site or publisher name: og:site_name, JSON-LD WebSite or Organization name, application-name. */
  name: string | null;
  /** The organisation's name when JSON-LD states it (else the site name stands for it). */
  organization: string | null;
  /** The home page: the page's origin with a trailing slash. */
  home: string;
  logo: string | null;
  /** Profile pages of the publisher elsewhere (social networks, Wikipedia), absolute URLs. */
  sameAs: string[];
}

const PROFILE_HOSTS = [
  'x.com',
  'twitter.com',
  'facebook.com',
  'instagram.com',
  'linkedin.com',
  'youtube.com',
  'github.com',
  'tiktok.com',
  'pinterest.com',
  'threads.net',
  'bsky.app',
  'mastodon.social',
  'wikipedia.org',
  'wikidata.org',
];
/** Share and intent links point at the network, not at a profile. */
const NOT_A_PROFILE = /\/(share|sharer|intent|hashtag|search|watch)\b|sharer\.php|shareArticle/i;
const MAX_PROFILES = 10;

export function siteIdentity(ctx: JudgeContext): SiteIdentity {
  const doc = readJsonLd(ctx);
  const orgNode = doc.entities.find((e) => hasFamily(e.types, 'Organization'))?.node ?? null;
  const siteNode = doc.entities.find((e) => hasFamily(e.types, 'WebSite'))?.node ?? null;
  const og = socialMeta(ctx).og;
  const organization = collapse(propText(orgNode, 'name'));
  const name =
    collapse(og.site_name) ??
    collapse(propText(siteNode, 'name')) ??
    organization ??
    collapse(firstMeta(ctx.facts.metaByName, 'application-name'));
  return {
    name,
    organization,
    home: `${ctx.pageUrl.origin}/`,
    logo: jsonLdUrl(propValues(orgNode, 'logo')) ?? logoImage(ctx),
    sameAs: profiles(ctx, propValues(orgNode, 'sameAs')),
  };
}

function jsonLdUrl(values: unknown[]): string | null {
  for (const v of values) {
    const raw = typeof v === 'string' ? v : isObject(v) ? (propText(v, 'url') ?? propText(v, 'contentUrl')) : null;
    const url = raw ? parseUrl(raw) : null;
    if (url && /^https?:$/.test(url.protocol)) return url.href;
  }
  return null;
}

/** An image the page marks as its logo, else the touch icon (at least 180 px square, a usable logo). */
function logoImage(ctx: JudgeContext): string | null {
  const img = ctx.facts.images.find((i) => i.src && /logo/i.test(`${i.alt ?? ''} ${i.src}`));
  if (img?.src) return img.src;
  return ctx.facts.links.find((l) => l.rel.includes('apple-touch-icon') && l.href)?.href ?? null;
}

function profiles(ctx: JudgeContext, stated: unknown[]): string[] {
  const out = new Set<string>();
  for (const v of stated) if (typeof v === 'string' && parseUrl(v)) out.add(v.trim());
  for (const a of ctx.facts.anchors) {
    if (out.size >= MAX_PROFILES || !a.href) continue;
    const url = parseUrl(a.href);
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname.length < 2 || NOT_A_PROFILE.test(a.href)) continue;
    const host = url.hostname.replace(/^www\./, '');
    if (PROFILE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) out.add(url.href);
  }
  return [...out].slice(0, MAX_PROFILES);
}
