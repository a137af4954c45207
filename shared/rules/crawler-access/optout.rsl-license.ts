import { defineRule, fail, notApplicable } from '../../judge/rule.js';
import { rslDeclarations } from '../../facts/rsl-license.js';
import { listNames } from '../../judge/wording.js';

/**
 * RSL (Really Simple Licensing 1.0): a `License:` line in robots.txt or a `rel="license"` link naming machine-readable
 * licence terms for AI use (pay per crawl, attribution, no training). A choice the owner made, so informational;
 * a value crawlers cannot follow (not an absolute URL) is called out.
 */
export default defineRule({
  id: 'optout.rsl-license',
  category: 'Crawler Access',
  weight: 0,
  severity: 'notice',
  title: 'AI use is licensed through RSL',
  description:
    'Whether RSL 1.0 licence terms for AI use are declared (a License: line in robots.txt or an RSL rel="license" link), and whether crawlers can follow them.',
  fix: 'Nothing to fix if intended; declare the licence as one absolute URL crawlers can fetch.',
  check(ctx) {
    const declared = rslDeclarations(ctx);
    if (!declared.length) return notApplicable();
    // robots.txt has no base URL to resolve against: its License value must be absolute; links resolve against the page.
    const broken = declared.filter((d) => d.url === null || (d.source.startsWith('robots.txt') && !/^https?:\/\//i.test(d.value)));
    if (broken.length) {
      return fail(
        `${broken.map((d) => `${d.source} gives "${d.value.slice(0, 80)}"`).join('; ')}: RSL asks for an absolute URL of the licence document, so crawlers that honour RSL cannot find the terms. Write the full https:// URL.`,
        { title: 'The RSL licence cannot be found from its declaration' },
      );
    }
    const urls = [...new Set(declared.map((d) => d.url!))];
    const where = listNames([...new Set(declared.map((d) => d.source))]);
    const differ =
      urls.length > 1
        ? ` The declarations name ${urls.length} different documents (${listNames(urls)}): crawlers may read either, so make them agree.`
        : '';
    return fail(
      `${where} ${declared.length > 1 ? 'declare' : 'declares'} RSL licence terms at ${urls[0]}. AI crawlers that honour RSL follow those terms (payment, attribution or no use); those that do not are unaffected. Nothing to fix if intended.${differ}`,
    );
  },
});
