import { createHtmlParser } from '../facts/html-parser.js';
import type { ScriptRef } from '../types/snapshot.js';
import type { HtmlLink } from '../agent-discovery/page-links.js';
import { parseUrl } from '../url/parse.js';

/** Script types that hold data, not code: never fetched or scanned as JavaScript. */
const DATA_SCRIPT_TYPES = /^(application\/(ld\+json|json)|importmap|text\/(template|x-template|html|plain|markdown)|speculationrules)$/i;

/**
 * The external scripts a page references, in document order, same-origin first.
 * A streaming tokenizer (no DOM) keeps this cheap on large pages. The same pass hands every `<link>` to
 * `links` when given (agent discovery links), so the page is tokenized once.
 */
export function extractScriptRefs(html: string, pageUrl: string, links?: HtmlLink[]): ScriptRef[] {
  const page = new URL(pageUrl);
  const refs: ScriptRef[] = [];
  const seen = new Set<string>();
  const add = (raw: string | undefined, via: ScriptRef['via']) => {
    if (!raw) return;
    const url = parseUrl(raw.trim(), page);
    if (!url) return;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    url.hash = '';
    if (seen.has(url.href)) return;
    seen.add(url.href);
    refs.push({ url: url.href, via, sameOrigin: url.origin === page.origin });
  };
  const parser = createHtmlParser(
    {
      onopentag(name, attrs) {
        if (name === 'script' && attrs.src !== undefined) {
          const type = (attrs.type ?? '').trim();
          if (type && DATA_SCRIPT_TYPES.test(type)) return;
          add(attrs.src, type.toLowerCase() === 'module' ? 'module' : 'script');
        } else if (name === 'link' && attrs.href !== undefined) {
          const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
          links?.push({ rel, href: parseUrl(attrs.href.trim(), page)?.href ?? null });
          if (rel.includes('modulepreload')) add(attrs.href, 'modulepreload');
          else if (rel.includes('preload') && (attrs.as ?? '').toLowerCase() === 'script') add(attrs.href, 'preload');
        }
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return [...refs.filter((r) => r.sameOrigin), ...refs.filter((r) => !r.sameOrigin)];
}
