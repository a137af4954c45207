import type { JudgeContext } from '../../judge/context.js';
import { parseLinkHeader, type HeaderLink } from './link-header.js';

export interface CanonicalDeclaration {
  source: 'html' | 'header';
  /** Resolved absolute URL, or null when the value does not parse. */
  href: string | null;
  /** The value as written. */
  raw: string;
}

/** The page's Link response header, parsed once. */
export function pageHeaderLinks(ctx: JudgeContext): HeaderLink[] {
  return ctx.memo('ai-discovery:header-links', () => parseLinkHeader(ctx.snapshot.page.headers.link, ctx.pageUrl.href));
}

/** Every `<link rel=canonical>` of the server HTML and every `Link: <...>; rel="canonical"` header. */
export function canonicalDeclarations(ctx: JudgeContext): CanonicalDeclaration[] {
  return ctx.memo('ai-discovery:canonicals', () => {
    const out: CanonicalDeclaration[] = [];
    if (ctx.pageOk) {
      for (const link of ctx.facts.links) {
        if (link.rel.includes('canonical')) out.push({ source: 'html', href: link.href, raw: (link.attrs.href ?? '').trim() });
      }
    }
    for (const link of pageHeaderLinks(ctx)) {
      if (link.rels.includes('canonical')) out.push({ source: 'header', href: link.href, raw: link.rawHref });
    }
    return out;
  });
}
