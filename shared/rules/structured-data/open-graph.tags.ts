import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { socialMeta } from '../../structured-data/open-graph.js';
import { isAbsoluteHttpUrl } from '../../sitemap/parse.js';
import { listPhrase } from '../../judge/wording.js';

/** What link previews (chat answers, social posts) show: title, description, image, type, canonical URL. */
const PARTS = [
  { key: 'title', weight: 0.2 },
  { key: 'description', weight: 0.2 },
  { key: 'image', weight: 0.3, url: true },
  { key: 'type', weight: 0.1 },
  { key: 'url', weight: 0.2, url: true },
] as const;

export default defineRule({
  id: 'open-graph.tags',
  category: 'Structured Data',
  weight: 5,
  severity: 'warning',
  title: 'Open Graph tags missing',
  description: 'Whether the page has og:title, og:description, og:image, og:type and og:url, with absolute image and page URLs.',
  fix: 'Add the missing Open Graph tags, with absolute https:// URLs.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const { og } = socialMeta(ctx);
    let score = 0;
    const missing: string[] = [];
    const relative: string[] = [];
    for (const part of PARTS) {
      const value = og[part.key];
      if (value === null) missing.push(`og:${part.key}`);
      else if ('url' in part && !isAbsoluteHttpUrl(value)) {
        relative.push(`og:${part.key}`);
        score += part.weight / 2;
      } else score += part.weight;
    }
    if (!missing.length && !relative.length) return pass();
    if (missing.length === PARTS.length) {
      return fail(
        'The page has no Open Graph tags, so chat answers and shared links show it without a proper title, description or image. Add og:title, og:description, og:image, og:type and og:url.',
      );
    }
    const problems = [
      ...(missing.length ? [`missing ${listPhrase(missing, 5)}`] : []),
      ...(relative.length ? [`${listPhrase(relative)} not an absolute URL`] : []),
    ];
    return partial(
      score,
      `Open Graph is incomplete: ${problems.join('; ')}. Add the missing tags with absolute https:// URLs so previews of the page are complete.`,
      {
        severity: 'notice',
        title: 'Open Graph tags incomplete',
      },
    );
  },
});
