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

const MAX_TYPES = 200;

/** Read from the page facts' attributes (the one parse of the page), so script text is never taken for markup. */
export function inlineMarkup(ctx: JudgeContext): InlineMarkup {
  return ctx.memo('structured-data:inline-markup', () => ({
    microdataTypes: typeNames(ctx.facts.itemtypes),
    rdfaTypes: typeNames(ctx.facts.rdfaTypeofs),
    itempropCount: ctx.facts.itemprops.length,
  }));
}

function typeNames(values: readonly string[]): string[] {
  const found = new Set<string>();
  for (const value of values) {
    for (const token of value.split(/\s+/)) {
      const name = localTypeName(token);
      if (name && found.size < MAX_TYPES) found.add(name);
    }
  }
  return [...found];
}
