/**
 * IP addresses as numbers, for range lookups: IPv4 as an unsigned 32-bit integer (in a JavaScript number), IPv6
 * as a 128-bit BigInt. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack server logs for an IPv4
 * client) is the IPv4 address it carries. Parsers return null (or -1) for anything that is not an address.
 */
export type IpNumber = { v: 4; n: number } | { v: 6; n: bigint };

const MAPPED_PREFIX = 0xffffn << 32n;

/** `a.b.c.d` as an unsigned 32-bit number, or -1. */
export function parseIPv4(text: string): number {
  let value = 0;
  let octet = -1;
  let dots = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (digits > 0 && octet === 0) return -1; // no leading zeros: 01 is not an address here
      octet = (octet < 0 ? 0 : octet) * 10 + (c - 48);
      if (++digits > 3 || octet > 255) return -1;
    } else if (c === 46 && digits > 0 && dots < 3) {
      value = value * 256 + octet;
      octet = -1;
      digits = 0;
      dots++;
    } else return -1;
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + octet;
}

/** The same over bytes (an access log line), without making a string: -1 when they are not an IPv4 address. */
export function parseIPv4Bytes(bytes: Uint8Array, start: number, end: number): number {
  let value = 0;
  let octet = 0;
  let dots = 0;
  let digits = 0;
  for (let i = start; i < end; i++) {
    const c = bytes[i]!;
    if (c >= 48 && c <= 57) {
      if (digits > 0 && octet === 0) return -1;
      octet = octet * 10 + (c - 48);
      if (++digits > 3 || octet > 255) return -1;
    } else if (c === 46 && digits > 0 && dots < 3) {
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else return -1;
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + octet;
}

/** Up to 8 groups of hex digits with one `::`, an IPv4 tail allowed; a zone (`%eth0`) and brackets are dropped. */
export function parseIPv6(input: string): bigint | null {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const single = halves.length === 1;
  const head: number[] = [];
  const tail: number[] = [];
  if (!readGroups(halves[0] ? halves[0].split(':') : [], head, single)) return null;
  if (!single && !readGroups(halves[1] ? halves[1].split(':') : [], tail, true)) return null;
  const total = head.length + tail.length;
  if (single ? total !== 8 : total > 7) return null;
  const all = [...head, ...new Array<number>(8 - total).fill(0), ...tail];
  let value = 0n;
  for (const g of all) value = (value << 16n) | BigInt(g);
  return value;
}

/** Hex groups into `out`; the last one may be an IPv4 address (two groups) when `ipv4Last`. */
function readGroups(parts: string[], out: number[], ipv4Last: boolean): boolean {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (ipv4Last && i === parts.length - 1 && part.includes('.')) {
      const v4 = parseIPv4(part);
      if (v4 < 0) return false;
      out.push(Math.floor(v4 / 65536), v4 % 65536);
    } else if (/^[0-9a-f]{1,4}$/i.test(part)) out.push(parseInt(part, 16));
    else return false;
  }
  return true;
}

/** An address in a log (IPv4, IPv6, IPv4-mapped IPv6) as a number, or null. */
export function parseIp(text: string): IpNumber | null {
  const v4 = parseIPv4(text);
  if (v4 >= 0) return { v: 4, n: v4 };
  const v6 = parseIPv6(text);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn && (v6 & ~0xffffffffn) === MAPPED_PREFIX) return { v: 4, n: Number(v6 & 0xffffffffn) };
  return { v: 6, n: v6 };
}
