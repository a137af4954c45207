/**
 * One JSON-LD block for the page, in place of the blocks it has: the publisher (`Organization`) and the site
 * (`WebSite`) from the site's own facts, and an `Article`, `Product` or `FAQPage` where the page is one, each
 * merged with what the page's JSON-LD already says (its values win), plus every other node it already has,
 * unchanged. A value the site does not state is a placeholder, never a guess; blocks that do not parse are
 * dropped, since no engine reads them.
 */
import type { PageDigest } from '../digest/page-digest.js';
import { headEditOf, headPreview } from '../head/head-edit.js';
import { jsonForScript, needsAscii } from '../head/markup.js';
import { placeholder } from '../types.js';
import type { FixBody, GenerateContext } from './context.js';
import { mergeExisting, type GraphNode } from './json-ld-merge.js';

export function jsonLdSnippet(ctx: GenerateContext): FixBody | null {
  const page = ctx.inputs.page;
  if (!page) return null;
  const home = page.identity.home;
  const ours: GraphNode[] = [organization(page), website(page)];
  if (page.kind.article) ours.push(article(page));
  if (page.kind.product) ours.push(product(page));
  if (page.kind.faq.length) ours.push(faqPage(page));
  const graph = mergeExisting(ours, page.jsonLd.nodes);
  const ascii = needsAscii(page.encoding);
  const content = `<script type="application/ld+json">\n${jsonForScript({ '@context': 'https://schema.org', '@graph': graph }, ascii)}\n</script>`;
  const types = ours.map((n) => n['@type']).join(', ');
  return {
    title: 'JSON-LD structured data',
    media_type: 'text/html; charset=utf-8',
    content,
    explanation:
      `One JSON-LD block (${types}) for the <head> of ${page.url}, built from what the site says about itself` +
      (page.jsonLd.nodes.length ? ' and merged with the JSON-LD the page already has' : '') +
      `. Replace the page's JSON-LD blocks with it` +
      (page.jsonLd.broken ? ` (${page.jsonLd.broken} of them cannot be parsed, so engines ignore them already)` : '') +
      `; use the same publisher on every page of ${home}.` +
      (content.includes('[FILL IN:')
        ? ' Replace each "[FILL IN: ...]" with the fact the site does not state, or remove the property.'
        : ''),
    preview: headPreview(page.headHtml, headEditOf(content)),
  };
}

function organization(page: PageDigest): GraphNode {
  const id = page.identity;
  return {
    '@type': 'Organization',
    '@id': `${id.home}#organization`,
    name: id.organization ?? id.name ?? placeholder("the publisher's name"),
    url: id.home,
    logo: id.logo ?? placeholder("the absolute URL of the publisher's logo"),
    sameAs: id.sameAs.length ? id.sameAs : [placeholder("the URL of the publisher's profile elsewhere (LinkedIn, Wikipedia ...)")],
  };
}

function website(page: PageDigest): GraphNode {
  const id = page.identity;
  return {
    '@type': 'WebSite',
    '@id': `${id.home}#website`,
    name: id.name ?? id.organization ?? placeholder("the site's name"),
    url: id.home,
    publisher: { '@id': `${id.home}#organization` },
  };
}

function article(page: PageDigest): GraphNode {
  const facts = page.kind.article!;
  const image = page.og.image ?? page.image;
  return {
    '@type': 'Article',
    headline: facts.headline ?? placeholder("the article's headline"),
    author: facts.author ? { '@type': 'Person', name: facts.author } : placeholder("the author's name"),
    datePublished: facts.datePublished ?? placeholder('the publication date, as 2026-03-01'),
    ...(facts.dateModified ? { dateModified: facts.dateModified } : {}),
    ...(image ? { image: new URL(image, page.url).href } : {}),
    publisher: { '@id': `${page.identity.home}#organization` },
    mainEntityOfPage: page.url,
  };
}

function product(page: PageDigest): GraphNode {
  const facts = page.kind.product!;
  const name = facts.availability ? availabilityName(facts.availability) : null;
  const availability = name ? `https://schema.org/${name}` : null;
  return {
    '@type': 'Product',
    name: facts.name ?? placeholder("the product's name"),
    ...(page.summary ? { description: page.summary } : {}),
    ...(page.og.image || page.image ? { image: new URL((page.og.image ?? page.image)!, page.url).href } : {}),
    ...(facts.brand ? { brand: { '@type': 'Brand', name: facts.brand } } : {}),
    offers: {
      '@type': 'Offer',
      price: facts.price ?? placeholder('the price, as 19.90'),
      priceCurrency: facts.currency ?? placeholder('the currency, as EUR'),
      ...(availability ? { availability } : {}),
      url: page.url,
    },
  };
}

/** og/product availability values (`in stock`, `instock`, `oos`) as schema.org ItemAvailability names; null for others. */
function availabilityName(value: string): string | null {
  const v = value.toLowerCase().replace(/[\s_-]/g, '');
  const names: Record<string, string> = {
    instock: 'InStock',
    oos: 'OutOfStock',
    outofstock: 'OutOfStock',
    preorder: 'PreOrder',
    backorder: 'BackOrder',
    discontinued: 'Discontinued',
  };
  return Object.hasOwn(names, v) ? names[v]! : null;
}

function faqPage(page: PageDigest): GraphNode {
  return {
    '@type': 'FAQPage',
    url: page.url,
    mainEntity: page.kind.faq.map((qa) => ({
      '@type': 'Question',
      name: qa.question,
      acceptedAnswer: { '@type': 'Answer', text: qa.answer },
    })),
  };
}
