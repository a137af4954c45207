import type { JudgeContext } from '../judge/context.js';
import { localTypeName } from './json-ld-flatten.js';

/** schema.org markup written into the HTML itself (microdata, RDFa) rather than as JSON-LD. */
export interface InlineMarkup {
  /** Local type names from `itemtype` attributes (microdata). */
  microdataTypes: string[];
  /** Local type names from `typeof` attributes (RDFa). */
  rdfaTypes: string[];
  /** Number of `itemprop` attributes. */
  itempropCount: number;
}

const ATTR_VALUE = String.raw`\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))`;
const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;

export function inlineMarkup(ctx: JudgeContext): InlineMarkup {
  return ctx.memo('structured-data:inline-markup', () => {
    // Script text can contain the same words; only attributes in markup count.
    const html = ctx.snapshot.page.body.replace(SCRIPTS, '');
    return {
      microdataTypes: attributeTypes(html, 'itemtype'),
      rdfaTypes: attributeTypes(html, 'typeof'),
      itempropCount: ctx.facts.itemprops.length,
    };
  });
}

function attributeTypes(html: string, attr: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(new RegExp(String.raw`[\s"']${attr}${ATTR_VALUE}`, 'gi'))) {
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    for (const token of value.split(/\s+/)) {
      const name = localTypeName(token);
      if (name && found.size < 200) found.add(name);
    }
  }
  return [...found];
}
