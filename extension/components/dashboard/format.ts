/** Dates and numbers as the dashboard shows them: UTC like the reports, so a table and a report agree. */
export { dateTime, displayUrl, longDate, percent, plural, scoreBand, shortDate } from '../../../shared/report/format.js';

/** "2026-05-01 10:00 UTC": compact for table cells. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
