import { ROBOTS_PARSE_LIMIT_BYTES } from './limits.js';

export interface CutText {
  text: string;
  /** Whole input size in UTF-8 bytes. */
  bytes: number;
  cut: boolean;
}

/**
 * Keeps the first `limit` UTF-8 bytes of a robots.txt and drops the last, possibly half-read line
 * (a cut `Disallow: /private` would otherwise become the broader `Disallow: /pri`).
 */
export function cutToParseLimit(text: string, limit = ROBOTS_PARSE_LIMIT_BYTES): CutText {
  // A UTF-16 unit never takes more than 3 UTF-8 bytes, so short texts skip the encoding.
  if (text.length * 3 <= limit) return { text, bytes: utf8Length(text), cut: false };
  const encoded = new TextEncoder().encode(text);
  if (encoded.length <= limit) return { text, bytes: encoded.length, cut: false };
  const head = new TextDecoder().decode(encoded.subarray(0, limit));
  const lastBreak = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'));
  return { text: lastBreak >= 0 ? head.slice(0, lastBreak) : '', bytes: encoded.length, cut: true };
}

function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
