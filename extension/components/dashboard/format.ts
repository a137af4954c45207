/** Numbers and addresses as the reports show them; dates in the extension's one format (the user's locale and time zone). */
export { dateTime, displayUrl, longDate, percent, plural, scoreBand, shortDate } from '../../../shared/report/format.js';
import { formatDateTime } from '../../lib/i18n/format.js';

/** "28 Nov 2026, 14:05" in the user's locale and time zone (lib/i18n/format.ts), "—" for none: compact for table cells. */
export function when(iso: string | null | undefined): string {
  return formatDateTime(iso);
}
