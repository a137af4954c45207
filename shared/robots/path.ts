/**
 * Percent-encoding normalisation of RFC 9309 section 2.2.2, applied to rule patterns and to the URL
 * path alike so both compare octet by octet: characters outside printable ASCII are UTF-8
 * percent-encoded, an encoded unreserved character is decoded, other escapes get upper-case hex.
 */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const HEX = /^[0-9A-Fa-f]{2}$/;
const encoder = new TextEncoder();

export function normalizeRobotsPath(input: string): string {
  let out = '';
  for (let i = 0; i < input.length;) {
    const ch = input[i]!;
    if (ch === '%' && HEX.test(input.slice(i + 1, i + 3))) {
      const hex = input.slice(i + 1, i + 3).toUpperCase();
      const decoded = String.fromCharCode(parseInt(hex, 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${hex}`;
      i += 3;
      continue;
    }
    const code = input.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    if (code <= 0x20 || code >= 0x7f) {
      for (const byte of encoder.encode(input.slice(i, i + width))) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    } else {
      out += ch;
    }
    i += width;
  }
  return out;
}

/**
 * The part of a URL robots.txt rules are matched against: path plus query. A literal `*` or `$` in
 * the URL is compared in its encoded form (`%2A`, `%24`), as RFC 9309 section 2.2.3 writes them in rules.
 */
export function robotsPathOf(url: URL): string {
  return normalizeRobotsPath((url.pathname || '/') + url.search)
    .replace(/\*/g, '%2A')
    .replace(/\$/g, '%24');
}
