/**
 * What kind of page it is, when the page says so itself, and the facts a JSON-LD skeleton of that kind takes:
 * an article (byline, dates), a product (price, currency, availability from its product meta tags) or a page
 * of questions and answers. Values the page does not state stay null.
 */
import type { JudgeContext } from '../../judge/context.js';
import { isArticlePage } from '../../facts/article-page.js';
import { authorSignals } from '../../facts/author-signals.js';
import { pageDatesOf, type PageDate } from '../../facts/dates.js';
import { isQuestion } from '../../facts/questions.js';
import { jsonLdValuesOf } from '../../facts/jsonld-values.js';
import { firstMeta } from '../../facts/page-facts.js';
import { isIsoDateValue } from '../../structured-data/iso-date.js';
import { socialMeta } from '../../structured-data/open-graph.js';
import { clipSentences, collapse } from './text.js';

export interface ArticleFacts {
  headline: string | null;
  author: string | null;
  datePublished: string | null;
  dateModified: string | null;
}

export interface ProductFacts {
  name: string | null;
  price: string | null;
  currency: string | null;
  availability: string | null;
  brand: string | null;
}

export interface QuestionAnswer {
  question: string;
  answer: string;
}

export interface PageKind {
  article: ArticleFacts | null;
  product: ProductFacts | null;
  /** The page's question headings with the text that answers each; empty unless it asks at least two. */
  faq: QuestionAnswer[];
}

const PRODUCT_TYPES = new Set(['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel']);
const MAX_QUESTIONS = 20;
const ANSWER_CHARS = 600;

export function pageKind(ctx: JudgeContext, headline: string | null): PageKind {
  return {
    article: isArticlePage(ctx) ? articleFacts(ctx, headline) : null,
    product: isProductPage(ctx) ? productFacts(ctx, headline) : null,
    faq: questionsOf(ctx),
  };
}

function articleFacts(ctx: JudgeContext, headline: string | null): ArticleFacts {
  const author = authorSignals(ctx).find((s) => s.name && s.source !== 'byline')?.name ?? null;
  const dates = pageDatesOf(ctx);
  return {
    headline,
    author: collapse(author),
    datePublished: isoDate(dates, 'published'),
    dateModified: isoDate(dates, 'modified'),
  };
}

/** The first stated date of a kind that parses as ISO 8601 (what structured data accepts). */
function isoDate(dates: PageDate[], kind: PageDate['kind']): string | null {
  return dates.find((d) => d.kind === kind && d.time !== null && isIsoDateValue(d.raw.trim()))?.raw.trim() ?? null;
}

function isProductPage(ctx: JudgeContext): boolean {
  if (jsonLdValuesOf(ctx).types.some((t) => PRODUCT_TYPES.has(t))) return true;
  if (socialMeta(ctx).og.type?.toLowerCase() === 'product') return true;
  if (ctx.facts.itemtypes.some((t) => /schema\.org\/Product$/i.test(t))) return true;
  return firstMeta(ctx.facts.metaByProperty, 'product:price:amount') !== null;
}

function productFacts(ctx: JudgeContext, headline: string | null): ProductFacts {
  const meta = (key: string) => collapse(firstMeta(ctx.facts.metaByProperty, key));
  const micro = (prop: string) => collapse(ctx.facts.itemprops.find((p) => p.prop.split(/\s+/).includes(prop))?.value);
  const price = meta('product:price:amount') ?? meta('og:price:amount') ?? micro('price');
  return {
    name: headline,
    price: price && /^\d+(\.\d+)?$/.test(price.replace(/,/g, '')) ? price.replace(/,/g, '') : null,
    currency: meta('product:price:currency') ?? meta('og:price:currency') ?? micro('priceCurrency'),
    availability: meta('product:availability') ?? meta('og:availability') ?? null,
    brand: meta('product:brand') ?? micro('brand'),
  };
}

function questionsOf(ctx: JudgeContext): QuestionAnswer[] {
  const out: QuestionAnswer[] = [];
  for (const h of ctx.facts.headings) {
    if (h.level < 2 || !isQuestion(h.text)) continue;
    const question = collapse(h.text);
    const answer = clipSentences(h.following, ANSWER_CHARS);
    if (question && answer) out.push({ question, answer });
    if (out.length === MAX_QUESTIONS) break;
  }
  return out.length >= 2 ? out : [];
}
