/**
 * Which format a line is in, from its shape alone: a JSON object (Cloudflare's when it has one of its field
 * names), a CloudFront header or tab-separated row starting with a date, else combined/common. `--format auto`
 * votes over a file's first lines to choose its format, and a line that format cannot read is tried this way.
 */
import type { LogFormat } from '../types.js';
import { CLOUDFLARE_KEYS } from './cloudflare.js';

const CLOUDFRONT_ROW = /^\d{4}-\d{2}-\d{2}\t\d{2}:\d{2}:\d{2}\t/;

/** The format a line looks like, or null when it looks like none (the combined reader then says why). */
export function formatOfLine(line: string): LogFormat | null {
  const t = line.trimStart();
  if (t.startsWith('{')) return CLOUDFLARE_KEYS.some((k) => t.includes(`"${k}"`)) ? 'cloudflare' : 'json';
  if (t.startsWith('#Version') || t.startsWith('#Fields') || CLOUDFRONT_ROW.test(t)) return 'cloudfront';
  if (/^\S+ \S+ .*\[\d{2}\/[A-Za-z]{3}\/\d{4}:/.test(t)) return 'combined';
  return null;
}

/** The most common format among sample lines (combined when none is recognised). */
export function voteFormat(lines: readonly string[]): LogFormat {
  const votes = new Map<LogFormat, number>();
  for (const line of lines) {
    const f = formatOfLine(line);
    if (f) votes.set(f, (votes.get(f) ?? 0) + 1);
  }
  let best: LogFormat = 'combined';
  let most = 0;
  for (const [f, n] of votes) if (n > most) [best, most] = [f, n];
  return best;
}
