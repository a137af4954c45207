import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { readJsonLd } from '../../structured-data/json-ld.js';
import { propValues } from '../../structured-data/json-ld-values.js';
import { isIsoDateValue } from '../../structured-data/iso-date.js';
import { listPhrase, quote } from '../../judge/wording.js';
import { parseUrl } from '../../url/parse.js';

const DATE_PROPS = [
  'datePublished',
  'dateModified',
  'dateCreated',
  'uploadDate',
  'startDate',
  'endDate',
  'validFrom',
  'validThrough',
  'priceValidUntil',
];
const URL_PROPS = ['url', 'logo', 'image', 'sameAs', 'thumbnailUrl', 'contentUrl', 'embedUrl'];

/** Dates engines cannot parse and URLs they cannot follow are dropped silently. */
export default defineRule({
  id: 'schema.property-values',
  category: 'Structured Data',
  weight: 3,
  severity: 'notice',
  title: 'Structured data has unreadable dates or URLs',
  description: 'Whether JSON-LD dates are ISO 8601 and its URLs are usable web addresses.',
  fix: 'Write dates in ISO 8601 (2026-03-01) and URLs in full, starting with https://.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    let checked = 0;
    const bad: string[] = [];
    for (const entity of readJsonLd(ctx).entities) {
      for (const prop of DATE_PROPS) {
        for (const value of propValues(entity.node, prop)) {
          if (typeof value !== 'string') continue;
          checked++;
          if (!isIsoDateValue(value)) bad.push(`${prop} ${quote(value, 40)}`);
        }
      }
      for (const prop of URL_PROPS) {
        for (const value of propValues(entity.node, prop)) {
          if (typeof value !== 'string') continue;
          checked++;
          if (!isUsableUrl(value)) bad.push(`${prop} ${quote(value, 40)}`);
        }
      }
    }
    if (!checked) return notApplicable();
    if (!bad.length) return pass();
    return partial(
      1 - bad.length / checked,
      `Some values cannot be read: ${listPhrase(bad)}. Write dates in ISO 8601 (2026-03-01 or 2026-03-01T09:00:00+00:00) and URLs in full, starting with https://.`,
    );
  },
});

/** Absolute http(s), or root- or protocol-relative (resolved against the page). */
function isUsableUrl(value: string): boolean {
  const v = value.trim();
  if (!v || /\s/.test(v)) return false;
  if (v.startsWith('/')) return true;
  const url = parseUrl(v);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}
