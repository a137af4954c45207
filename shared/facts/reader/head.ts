import type { FactsExtractor } from './facts-reader.js';

/** What the <head> says: the first <title> (and how many there are), <meta> by name, property and http-equiv, and <link>s. */
export function headExtractor(): FactsExtractor {
  return {
    tags: ['title', 'meta', 'link'],
    open({ name, attrs, offset }, reader) {
      const facts = reader.facts;
      if (name === 'title') {
        facts.titleCount++;
        if (facts.titleCount === 1) reader.collectText((text) => (facts.title = text));
      } else if (name === 'meta') {
        const content = attrs.content ?? '';
        if (attrs.content !== undefined && cutByQuote(attrs)) {
          const key = (attrs.name ?? attrs.property ?? '').trim().toLowerCase();
          if (key && !facts.metaCutByQuote.includes(key)) facts.metaCutByQuote.push(key);
        }
        if (attrs.name) pushMap(facts.metaByName, attrs.name.trim().toLowerCase(), content);
        if (attrs.property) pushMap(facts.metaByProperty, attrs.property.trim().toLowerCase(), content);
        if (attrs['http-equiv']) pushMap(facts.metaHttpEquiv, attrs['http-equiv'].trim().toLowerCase(), content);
      } else {
        facts.links.push({
          rel: splitTokens(attrs.rel),
          href: reader.resolve(attrs.href),
          type: attrs.type?.trim().toLowerCase() ?? null,
          hreflang: attrs.hreflang ?? null,
          title: attrs.title ?? null,
          attrs,
          offset,
        });
      }
    },
  };
}

/** Attributes a <meta> element carries on purpose; anything else is usually text spilled out of a quoted value. */
const META_ATTRIBUTES = new Set([
  'name',
  'content',
  'property',
  'http-equiv',
  'charset',
  'itemprop',
  'scheme',
  'lang',
  'dir',
  'id',
  'class',
  'media',
  'xml:lang',
  'about',
  'typeof',
  'rel',
  'datatype',
  'nonce',
  'key',
]);

/**
 * `content="He said "Hi" to me"`: an unescaped quote ends the value early and the rest of the text becomes
 * attributes of its own (`hi"`, `to`, `me"`). Two or more such words, or one holding a quote, tell the tale.
 */
function cutByQuote(attrs: Record<string, string>): boolean {
  let stray = 0;
  for (const key of Object.keys(attrs)) {
    if (META_ATTRIBUTES.has(key) || key.startsWith('data-') || key.startsWith('aria-')) continue;
    if (/["'”“]/.test(key)) return true;
    stray++;
  }
  return stray >= 2;
}

/** A rel attribute's tokens, lower-cased. */
export function splitTokens(value: string | undefined): string[] {
  return value ? value.toLowerCase().split(/\s+/).filter(Boolean) : [];
}

function pushMap(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
