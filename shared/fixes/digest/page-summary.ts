/**
 * A page in a line: its title and what it is about, in its own words. What a crawl keeps of each page for the
 * llms.txt it generates, and what an audit's llms.txt says of the pages the audited page links to.
 */
import type { JudgeContext } from '../../judge/context.js';
import { firstMeta } from '../../facts/page-facts.js';
import { socialMeta } from '../../structured-data/open-graph.js';
import { clipSentences, collapse, specificTitle } from './text.js';

export interface PageSummary {
  title: string | null;
  /** The meta description, else og:description, else the opening text under the first heading; at most 300 characters. */
  description: string | null;
}

export const SUMMARY_TITLE_CHARS = 200;
export const SUMMARY_DESCRIPTION_CHARS = 300;

export function pageSummary(ctx: JudgeContext): PageSummary {
  const facts = ctx.facts;
  const title =
    specificTitle(facts.title) ??
    collapse(socialMeta(ctx).og.title) ??
    collapse(facts.headings.find((h) => h.level === 1)?.text) ??
    collapse(facts.title);
  const description = collapse(firstMeta(facts.metaByName, 'description')) ?? collapse(socialMeta(ctx).og.description) ?? openingText(ctx);
  return {
    title: title ? clipSentences(title, SUMMARY_TITLE_CHARS) : null,
    description: clipSentences(description, SUMMARY_DESCRIPTION_CHARS),
  };
}

/** The first substantial text under a heading (at least 50 characters), cut at a sentence end. */
export function openingText(ctx: JudgeContext, max = SUMMARY_DESCRIPTION_CHARS): string | null {
  for (const h of ctx.facts.headings) {
    const text = collapse(h.following);
    if (text && text.length >= 50) return clipSentences(text, max);
  }
  return null;
}
