/** Formatting that gives the same text in Node and in every browser: UTC, English, no locale surprises. */

/** Made on first use: building a formatter loads locale data, which a page that shows no date (the popup) need not pay for. */
function formatter(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | null = null;
  return { format: (date) => (made ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options })).format(date) };
}

const DATE = formatter({ day: 'numeric', month: 'long', year: 'numeric' });
const SHORT_DATE = formatter({ day: 'numeric', month: 'short' });
const TIME = formatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 November 2026", or the text as given when it is not a date. */
export function longDate(iso: string): string {
  const date = parsed(iso);
  return date ? DATE.format(date) : iso;
}

/** "21 November 2026, 10:00 UTC". */
export function dateTime(iso: string): string {
  const date = parsed(iso);
  return date ? `${DATE.format(date)}, ${TIME.format(date)} UTC` : iso;
}

/** "21 Nov 10:00" (UTC): a chart label where two points share a day. */
export function shortDateTime(iso: string): string {
  const date = parsed(iso);
  return date ? `${SHORT_DATE.format(date)} ${TIME.format(date)}` : '';
}

/** "21 Nov" for chart labels. */
export function shortDate(iso: string): string {
  const date = parsed(iso);
  return date ? SHORT_DATE.format(date) : '';
}

/** 0.4321 → "43%"; under 1% but above 0 → "<1%". */
export function percent(share: number): string {
  if (share > 0 && share < 0.005) return '<1%';
  return `${Math.round(share * 100)}%`;
}

/** A URL (or any text from a page) cut to `max` characters for display, never inside a character. */
export function clip(text: string, max = 90): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** The URL without its scheme and trailing slash: what a person reads. */
export function displayUrl(url: string, max = 90): string {
  return clip(url.replace(/^https?:\/\//i, '').replace(/\/$/, ''), max);
}

export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? noun : pluralNoun}`;
}

/** 80+ good, 50+ fair, else poor: the colour band of a score. */
export function scoreBand(score: number): 'good' | 'fair' | 'poor' {
  return score >= 80 ? 'good' : score >= 50 ? 'fair' : 'poor';
}
