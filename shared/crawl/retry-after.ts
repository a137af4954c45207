/** RFC 9110 section 10.2.3: `Retry-After` as seconds or as an HTTP date; milliseconds to wait, or null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: Date): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}
