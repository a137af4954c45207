import { formatDate, formatDateTime } from '../../lib/i18n/format.js';

/**
 * A date and time ("29 November 2026, 10:00 UTC") that breaks, when its column is narrow, only between the date and
 * the time: at most two lines, never one word a line, and no wider than it needs to be.
 */
export function When({ iso }: { iso: string | null | undefined }) {
  const full = formatDateTime(iso);
  const day = formatDate(iso);
  if (!full.startsWith(`${day}, `)) return <>{full}</>;
  return (
    <>
      <span class="nowrap">{day},</span> <span class="nowrap">{full.slice(day.length + 2)}</span>
    </>
  );
}
