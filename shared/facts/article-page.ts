import type { JudgeContext } from '../judge/context.js';
import { jsonLdValuesOf } from './jsonld-values.js';

/** schema.org Article and its subtypes, plus the posting types that carry an author and dates. */
const ARTICLE_TYPES = new Set([
  'Article',
  'BlogPosting',
  'NewsArticle',
  'TechArticle',
  'ScholarlyArticle',
  'MedicalScholarlyArticle',
  'Report',
  'LiveBlogPosting',
  'SatiricalArticle',
  'AdvertiserContentArticle',
  'AnalysisNewsArticle',
  'AskPublicNewsArticle',
  'BackgroundNewsArticle',
  'OpinionNewsArticle',
  'ReportageNewsArticle',
  'ReviewNewsArticle',
  'SocialMediaPosting',
  'DiscussionForumPosting',
]);

/**
 * Author, dates and freshness are what make an article, a post or a news story trustworthy; a homepage,
 * a product page or a contact page is not judged by them. A page counts as an article when it says so:
 * an Article-family JSON-LD type, og:type=article, article:* meta tags, or exactly one <article>
 * element (several mean a listing). Everything else is a non-article, where a missing author or date
 * is not applicable rather than a fault; found, they still earn credit.
 */
export function isArticlePage(ctx: JudgeContext): boolean {
  return articleEvidence(ctx) !== null;
}

/** Why the page counts as an article (for issue texts), or null when it does not. */
export function articleEvidence(ctx: JudgeContext): string | null {
  return ctx.memo('facts.articleEvidence', () => {
    const type = jsonLdValuesOf(ctx).types.find((t) => ARTICLE_TYPES.has(t));
    if (type) return `its JSON-LD type is ${type}`;
    const facts = ctx.facts;
    if (facts.metaByProperty.get('og:type')?.some((v) => v.trim().toLowerCase() === 'article')) return 'og:type is article';
    const articleMeta = [...facts.metaByProperty.keys()].find((k) => k.startsWith('article:'));
    if (articleMeta) return `it has ${articleMeta} meta`;
    if (facts.tagCounts.get('article') === 1) return 'its content is one <article>';
    return null;
  });
}

/** schema.org's news story types, and fact checks: dated reports of events, whose date is part of what they say. */
const NEWS_TYPES = new Set([
  'ClaimReview',
  'NewsArticle',
  'AnalysisNewsArticle',
  'AskPublicNewsArticle',
  'BackgroundNewsArticle',
  'OpinionNewsArticle',
  'ReportageNewsArticle',
  'ReviewNewsArticle',
  'LiveBlogPosting',
]);

/** True when the page says it is a news story: a NewsArticle type (JSON-LD or microdata) or Google News' news_keywords. */
export function isNewsPage(ctx: JudgeContext): boolean {
  return ctx.memo('facts.isNewsPage', () => {
    if (jsonLdValuesOf(ctx).types.some((t) => NEWS_TYPES.has(t))) return true;
    if (ctx.facts.itemtypes.some((t) => t.split(/\s+/).some((iri) => NEWS_TYPES.has(iri.replace(/^https?:\/\/schema\.org\//i, '')))))
      return true;
    return (ctx.facts.metaByName.get('news_keywords') ?? []).some((v) => v.trim() !== '');
  });
}
