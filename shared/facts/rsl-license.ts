import type { JudgeContext } from '../judge/context.js';
import { robotsReading } from '../crawlers/robots-context.js';
import { licenseLines } from '../robots/license-lines.js';
import { parseUrl } from '../url/parse.js';
import { pageHeaderLinks } from './link-header.js';

export const RSL_MEDIA_TYPE = 'application/rsl+xml';

export interface RslDeclaration {
  /** Where it was declared: "robots.txt line 4", "a <link rel=license> element", "the Link header". */
  source: string;
  /** The licence URL as written. */
  value: string;
  /** The absolute http(s) URL, or null when the value is not one. */
  url: string | null;
}

/**
 * RSL licence declarations of the page (RSL 1.0): `License:` lines of robots.txt, and `rel="license"` links (element or
 * Link header) typed `application/rsl+xml` or pointing at the document robots.txt names. A plain `rel=license` link to
 * a Creative Commons page is not RSL.
 */
export function rslDeclarations(ctx: JudgeContext): RslDeclaration[] {
  return ctx.memo('facts.rslDeclarations', () => {
    const out: RslDeclaration[] = [];
    const reading = robotsReading(ctx);
    if (reading.kind === 'parsed') {
      for (const l of licenseLines(reading.robots))
        out.push({ source: `robots.txt line ${l.line}`, value: l.value, url: httpUrl(l.value, reading.url) });
    }
    const named = new Set(out.map((d) => d.url).filter(Boolean));
    const isRsl = (type: string | null | undefined, href: string | null) =>
      (type ?? '').toLowerCase() === RSL_MEDIA_TYPE || (href !== null && named.has(href));
    if (ctx.pageOk) {
      for (const link of ctx.facts.links) {
        if (link.rel.includes('license') && link.href && isRsl(link.type, link.href)) {
          out.push({ source: 'a <link rel="license"> element', value: link.href, url: httpUrl(link.href, ctx.pageUrl.href) });
        }
      }
    }
    for (const link of pageHeaderLinks(ctx)) {
      if (link.rels.includes('license') && isRsl(link.params.type, link.href)) {
        out.push({ source: 'the Link header', value: link.rawHref, url: link.href && httpUrl(link.href, ctx.pageUrl.href) });
      }
    }
    return out;
  });
}

function httpUrl(value: string, base: string): string | null {
  // RSL asks for an absolute URL in robots.txt; links resolve against the page as usual.
  const url = parseUrl(value, base);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
}
