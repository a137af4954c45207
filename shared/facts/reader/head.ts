import type { FactsExtractor } from './facts-reader.js';

/** What the <head> says: the first <title> (and how many there are), <meta> by name, property and http-equiv, and <link>s. */
export function headExtractor(): FactsExtractor {
  return {
    tags: ['title', 'meta', 'link'],
    open({ name, attrs }, reader) {
      const facts = reader.facts;
      if (name === 'title') {
        facts.titleCount++;
        if (facts.titleCount === 1) reader.collectText((text) => (facts.title = text));
      } else if (name === 'meta') {
        const content = attrs.content ?? '';
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
        });
      }
    },
  };
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
