import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { readJsonLd } from '../../structured-data/json-ld.js';
import { hasProp } from '../../structured-data/json-ld-values.js';
import { hasFamily } from '../../structured-data/schema-families.js';
import { inlineMarkup } from '../../structured-data/inline-markup.js';
import type { JsonLdEntity } from '../../structured-data/json-ld-types.js';
import { listPhrase } from '../../judge/wording.js';
import { jsonLdValuesOf } from '../../facts/jsonld-values.js';

/** Who publishes the site: answer engines attribute and cite by this entity. */
const PUBLISHER_PARTS = [
  { prop: 'name', weight: 0.3 },
  { prop: 'url', weight: 0.2 },
  { prop: 'logo', weight: 0.15, personProp: 'image' },
  { prop: 'sameAs', weight: 0.15 },
] as const;
const WEBSITE_PARTS = [
  { prop: 'name', weight: 0.1 },
  { prop: 'url', weight: 0.1 },
] as const;

export default defineRule({
  id: 'schema.identity',
  category: 'Structured Data',
  weight: 5,
  severity: 'warning',
  title: 'No Organization or WebSite identity',
  description:
    'Whether JSON-LD says who publishes the site: an Organization or Person (name, url, logo, sameAs) and a WebSite (name, url).',
  fix: 'Add JSON-LD for your Organization (name, url, logo, sameAs) and a WebSite (name, url).',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const { entities } = readJsonLd(ctx);
    // A nested Person is usually an author, not the site's publisher; only a top-level or publisher Person counts.
    const publishers = entities.filter(
      (e) => hasFamily(e.types, 'Organization') || (e.types.includes('Person') && (e.depth === 0 || /publisher$/.test(e.path))),
    );
    const websites = entities.filter((e) => hasFamily(e.types, 'WebSite'));

    if (!publishers.length && !websites.length) {
      const inline = inlineMarkup(ctx);
      const inlineTypes = [...inline.microdataTypes, ...inline.rdfaTypes];
      if (hasFamily(inlineTypes, 'Organization') || inlineTypes.includes('WebSite') || inlineTypes.includes('Person')) {
        return partial(
          0.4,
          'The site identifies itself only in microdata/RDFa. Add an Organization (name, url, logo, sameAs) and a WebSite entity in JSON-LD so engines can attribute the page to you.',
          {
            severity: 'notice',
            title: 'Site identity only in inline markup',
          },
        );
      }
      // "publisher": "CNN" names the publisher as text: engines can attribute the page, the entity would say more.
      const named = jsonLdValuesOf(ctx).publishers[0];
      if (named) {
        return partial(
          0.3,
          `The JSON-LD names its publisher only as text ("${named.slice(0, 60)}"). Make it an Organization (name, url, logo, sameAs) and add a WebSite (name, url) so answer engines can recognise the publisher and link its profiles.`,
          { severity: 'notice', title: 'Publisher named only as text' },
        );
      }
      // Without any JSON-LD that parses, json-ld.present or json-ld.parses already warns: one cause, one warning.
      const noJsonLd = !readJsonLd(ctx).blocks.some((b) => b.ok);
      return fail(
        'No Organization, Person or WebSite entity says who publishes this site. Add JSON-LD for your Organization (name, url, logo, sameAs links to your profiles) and a WebSite (name, url) so answer engines can attribute and cite you.',
        noJsonLd ? { severity: 'notice' } : {},
      );
    }

    const best = bestOf(publishers, (e) => publisherScore(e).score);
    const publisher = best ? publisherScore(best) : { score: 0, missing: ['an Organization (name, url, logo, sameAs)'] };
    const site = bestOf(websites, (e) => websiteScore(e).score);
    const website = site ? websiteScore(site) : { score: 0, missing: ['a WebSite entity (name, url)'] };
    const score = publisher.score + website.score;
    if (score >= 0.999) return pass();
    const missing = [...publisher.missing, ...website.missing];
    // A named publisher or site is enough to attribute the page: what is missing then refines it (a notice).
    const named = hasProp(best?.node, 'name') || hasProp(site?.node, 'name');
    return partial(
      score,
      `The site's identity is incomplete: missing ${listPhrase(missing, 4)}. Complete it so answer engines can recognise the publisher and link its profiles.`,
      {
        severity: named || score >= 0.5 ? 'notice' : 'warning',
        title: 'Organization or WebSite identity is incomplete',
      },
    );
  },
});

function publisherScore(entity: JsonLdEntity): { score: number; missing: string[] } {
  const isPerson = !hasFamily(entity.types, 'Organization');
  const kind = isPerson ? 'Person' : (entity.types.find((t) => hasFamily([t], 'Organization')) ?? 'Organization');
  let score = 0;
  const missing: string[] = [];
  for (const part of PUBLISHER_PARTS) {
    const prop = isPerson && 'personProp' in part ? part.personProp : part.prop;
    if (hasProp(entity.node, prop)) score += part.weight;
    else missing.push(`${kind} ${prop}`);
  }
  return { score, missing };
}

function websiteScore(entity: JsonLdEntity): { score: number; missing: string[] } {
  let score = 0;
  const missing: string[] = [];
  for (const part of WEBSITE_PARTS) {
    if (hasProp(entity.node, part.prop)) score += part.weight;
    else missing.push(`WebSite ${part.prop}`);
  }
  return { score, missing };
}

function bestOf<T>(items: readonly T[], score: (t: T) => number): T | null {
  let best: T | null = null;
  let bestScore = -1;
  for (const item of items) {
    const s = score(item);
    if (s > bestScore) {
      best = item;
      bestScore = s;
    }
  }
  return best;
}
