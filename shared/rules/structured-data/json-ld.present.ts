import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { isJsonLdType, readJsonLd } from '../../structured-data/json-ld.js';
import { inlineMarkup } from '../../structured-data/inline-markup.js';
import { listPhrase } from '../../judge/wording.js';

/** Types that mark up the page's frame, not its subject. */
const CHROME_TYPES: ReadonlySet<string> = new Set([
  'WPHeader',
  'WPFooter',
  'WPSideBar',
  'WPAdBlock',
  'SiteNavigationElement',
  'WebPageElement',
  'BreadcrumbList',
  'Breadcrumb',
  'http://data-vocabulary.org/Breadcrumb',
  'ListItem',
  'ItemList',
  'ImageObject',
  'ImageGallery',
  'WebSite',
  'WebPage',
  'Blog',
  'SearchAction',
  'EntryPoint',
  'Organization',
  'Person',
  'PostalAddress',
  'InteractionCounter',
]);

/** JSON-LD is the format search and answer engines parse most reliably; inline markup earns part credit. */
export default defineRule({
  id: 'json-ld.present',
  category: 'Structured Data',
  weight: 8,
  severity: 'warning',
  title: 'No JSON-LD structured data',
  description: 'Whether the server HTML has a JSON-LD block (schema.org microdata or RDFa alone earns half).',
  fix: 'Add a schema.org <script type="application/ld+json"> block for the page type, rendered on the server.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    if (readJsonLd(ctx).blocks.length) return pass();
    const rendered = ctx.renderedFacts;
    if (rendered?.scripts.some((s) => isJsonLdType(s.type))) {
      return fail(
        'The page adds its JSON-LD with JavaScript, and AI crawlers read the server HTML without running scripts, so they never see it. Render the <script type="application/ld+json"> block on the server.',
        { title: 'JSON-LD only added by JavaScript' },
      );
    }
    const inline = inlineMarkup(ctx);
    const types = [...new Set([...inline.microdataTypes, ...inline.rdfaTypes])];
    if (types.length || inline.itempropCount) {
      const format = inline.rdfaTypes.length && !inline.microdataTypes.length ? 'RDFa' : 'microdata';
      const what = types.length ? ` (${listPhrase(types)})` : '';
      // Inline markup that describes the page's subject (an article, a product) already tells engines what the page
      // is: JSON-LD is then the better form, not a missing fact. Markup of the page's chrome alone (header, menu,
      // breadcrumbs) says nothing about it.
      const describesPage = types.some((t) => !CHROME_TYPES.has(t));
      return partial(
        0.5,
        `The page has schema.org ${format}${what} but no JSON-LD. Add the same facts as a <script type="application/ld+json"> block, the form Google recommends and AI crawlers read most reliably.`,
        { title: 'Structured data only as inline markup', ...(describesPage ? { severity: 'notice' } : {}) },
      );
    }
    return fail(
      'The page has no JSON-LD, so answer engines must guess what it is, who published it and when. Add a schema.org <script type="application/ld+json"> block for the page type (Article, Product, Organization ...).',
    );
  },
});
