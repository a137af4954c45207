import type { JudgeContext } from '../judge/context.js';
import { pageHeaderLinks } from './link-header.js';

export interface CanonicalDeclaration {
  source: 'html' | 'header';
  /** Resolved absolute URL, or null when the value does not parse. */
  href: string | null;
  /** The value as written. */
  raw: string;
}

/** Every `<link rel=canonical>` of the server HTML and every `Link: <...>; rel="canonical"` header. */
export function canonicalDeclarations(ctx: JudgeContext): CanonicalDeclaration[] {
  return ctx.memo('facts.canonicals', () => {
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
