/**
 * Hides what a name must never be matched inside: URLs (with a scheme, or starting `www.`), e-mail
 * addresses, and bare host names whose suffix is a real public suffix (`acme.com/pricing`, not `node.js`).
 * Each is replaced by spaces of the same length, so the text around keeps its places.
 */
import { parse } from 'tldts';

const SCHEME_URL = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s<>"'()\]]+/giu;
const WWW_URL = /\bwww\.[^\s<>"'()\]]+/giu;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
/** host.suffix, optionally with a path: checked against the Public Suffix List before it is hidden. */
const BARE_HOST =
  /(?<![\p{L}\p{N}_@.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,24}(?![\p{L}\p{N}_-])(?:\/[^\s<>"'()\]]*)?/gu;

const blank = (match: string) => ' '.repeat(match.length);

/** URLs and e-mail addresses hidden; bare hosts too unless `keepBareHosts` (for names that are host names, such as Booking.com). */
export function maskLinks(text: string, keepBareHosts = false): string {
  let out = text.replace(SCHEME_URL, blank).replace(WWW_URL, blank).replace(EMAIL, blank);
  if (!keepBareHosts) out = out.replace(BARE_HOST, (match) => (isRealHost(match) ? blank(match) : match));
  return out;
}

function isRealHost(match: string): boolean {
  const host = match.split('/')[0]!.replace(/\.$/, '');
  const parsed = parse(host);
  return parsed.isIcann === true && parsed.domain !== null;
}
