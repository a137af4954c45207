import type { JudgeContext } from '../judge/context.js';
import { jsonLdValuesOf } from './jsonld-values.js';
import { visibleBylines } from './visible-byline.js';

export interface AuthorSignal {
  /** Where it was found, for issue texts and tests. */
  source: 'json-ld' | 'meta' | 'rel-author' | 'microdata' | 'byline';
  name: string | null;
}

const AUTHOR_META_NAMES = ['author', 'dc.creator', 'dcterms.creator', 'citation_author', 'parsely-author', 'sailthru.author'];

/** Every way a page names its author; any one is enough (JSON-LD included: aiseo-audit ignores it). */
export function authorSignals(ctx: JudgeContext): AuthorSignal[] {
  return ctx.memo('facts.authorSignals', () => {
    const facts = ctx.facts;
    const signals: AuthorSignal[] = [];
    for (const a of jsonLdValuesOf(ctx).authors) signals.push({ source: 'json-ld', name: a.name });
    for (const key of AUTHOR_META_NAMES) {
      for (const v of facts.metaByName.get(key) ?? []) if (v.trim()) signals.push({ source: 'meta', name: v.trim() });
    }
    for (const v of facts.metaByProperty.get('article:author') ?? []) if (v.trim()) signals.push({ source: 'meta', name: v.trim() });
    for (const l of facts.links) if (l.rel.includes('author') && l.href) signals.push({ source: 'rel-author', name: null });
    for (const a of facts.anchors) if (a.rel.includes('author')) signals.push({ source: 'rel-author', name: a.text || null });
    for (const { prop, value } of facts.itemprops) {
      const props = prop.split(/\s+/);
      if ((props.includes('author') || props.includes('creator')) && value.trim()) {
        signals.push({ source: 'microdata', name: value.trim().slice(0, 200) });
      }
    }
    for (const text of ctx.facts.content.bylines) signals.push({ source: 'byline', name: text });
    // Only when nothing else names the author: the plain-text search is the most expensive and the least sure.
    if (!signals.length) for (const name of visibleBylines(facts)) signals.push({ source: 'byline', name });
    return signals;
  });
}
