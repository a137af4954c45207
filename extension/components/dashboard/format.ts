/** Addresses as the reports show them; dates and shares in the extension's language (the user's time zone for instants). */
export { displayUrl, scoreBand } from '../../../shared/report/format.js';
export { formatPercent as percent, formatShortDay as shortDay } from '../../lib/i18n/format.js';
import { formatDateTime } from '../../lib/i18n/format.js';
import { t } from '../../lib/i18n/t.js';

/** "28 Nov 2026, 14:05" in the user's locale and time zone (lib/i18n/format.ts), "—" for none: compact for table cells. */
export function when(iso: string | null | undefined): string {
  return formatDateTime(iso);
}

const ORIGIN_KEYS = { server: 'originServer', extension: 'originExtension', crawl: 'originCrawl' } as const;

/** Where an audit was made, as a reader says it ("Server", "Erweiterung"); the CSV keeps the API's value. */
export function originLabel(origin: string): string {
  const key = ORIGIN_KEYS[origin as keyof typeof ORIGIN_KEYS];
  return key ? t(key) : origin;
}
