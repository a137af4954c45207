import type { PageFacts } from '../facts/page-facts.js';
import type { ScriptRef } from '../types/snapshot.js';
import type { HtmlLink } from '../agent-discovery/page-links.js';
import { parseUrl } from '../url/parse.js';

/** Script types that hold data, not code: never fetched or scanned as JavaScript. */
const DATA_SCRIPT_TYPES = /^(application\/(ld\+json|json)|importmap|text\/(template|x-template|html|plain|markdown)|speculationrules)$/i;

/**
 * The external scripts a page references, in document order, same-origin first, and every `<link>` (agent discovery
 * links), read from the page's facts: the judges read the same facts, so the page is parsed once.
 */
export function pageReferencesOf(facts: PageFacts, pageUrl: string): { scripts: ScriptRef[]; links: HtmlLink[] } {
  const page = new URL(pageUrl);
  const refs: ScriptRef[] = [];
  const seen = new Set<string>();
  const add = (raw: string | undefined | null, via: ScriptRef['via']) => {
    if (!raw) return;
    const url = parseUrl(raw.trim(), page);
    if (!url) return;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    url.hash = '';
    if (seen.has(url.href)) return;
    seen.add(url.href);
    refs.push({ url: url.href, via, sameOrigin: url.origin === page.origin });
  };
  const links: HtmlLink[] = [];
  const elements = [
    ...facts.scripts.map((script) => ({ offset: script.offset, script, link: null })),
    ...facts.links.map((link) => ({ offset: link.offset, script: null, link })),
  ].sort((a, b) => (a.offset ?? -1) - (b.offset ?? -1));
  for (const { script, link } of elements) {
    if (script) {
      if (script.rawSrc === null) continue;
      const type = (script.attrs.type ?? '').trim();
      if (type && DATA_SCRIPT_TYPES.test(type)) continue;
      add(script.rawSrc, type.toLowerCase() === 'module' ? 'module' : 'script');
    } else if (link && link.attrs.href !== undefined) {
      const rel = (link.attrs.rel ?? '').toLowerCase().split(/\s+/);
      links.push({ rel, href: parseUrl(link.attrs.href.trim(), page)?.href ?? null });
      if (rel.includes('modulepreload')) add(link.attrs.href, 'modulepreload');
      else if (rel.includes('preload') && (link.attrs.as ?? '').toLowerCase() === 'script') add(link.attrs.href, 'preload');
    }
  }
  return { scripts: [...refs.filter((r) => r.sameOrigin), ...refs.filter((r) => !r.sameOrigin)], links };
}
