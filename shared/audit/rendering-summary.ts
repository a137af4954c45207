/**
 * `audit.rendering` (docs/audits.md#rendering-on-the-server): the server's HTML beside the rendered DOM, both
 * read by the same facts pass, so the extension and the server count a page alike.
 */
import type { AuditRendering, PageSummary } from '../types/audit.js';
import type { PageFacts } from '../facts/fact-types.js';
import type { JudgeContext } from '../judge/context.js';
import { inlineJsonLdScripts } from '../structured-data/json-ld.js';

/** What a capture made before the browser was recorded says for it. */
export const UNKNOWN_ENGINE = 'unknown';

/** Null when the audit has no rendered DOM. */
export function renderingSummary(ctx: JudgeContext): AuditRendering | null {
  const capture = ctx.snapshot.rendered;
  const after = ctx.renderedFacts;
  if (!capture || !after) return null;
  return {
    engine: capture.engine || UNKNOWN_ENGINE,
    ms: Math.max(0, Math.round(capture.ms ?? 0)),
    raw: pageSummary(ctx.facts),
    rendered: pageSummary(after),
  };
}

export function pageSummary(facts: PageFacts): PageSummary {
  return {
    words: facts.wordCount,
    links: facts.anchors.filter((a) => a.href !== null && /^https?:/i.test(a.href)).length,
    json_ld: inlineJsonLdScripts(facts).length,
    title: facts.title,
  };
}
