/**
 * A set of address ranges (CIDR prefixes), looked up by binary search: the prefixes are turned into sorted,
 * merged [start, end] intervals per family, and an address is inside when the last interval starting at or
 * below it ends at or above it. O(log n) per lookup, never a scan.
 */
import { parseIPv4, parseIPv6, type IpNumber } from './ip-address.js';

const V6_BITS = 128n;

export class RangeSet {
  private readonly v4Starts: Float64Array;
  private readonly v4Ends: Float64Array;
  private readonly v6Starts: bigint[];
  private readonly v6Ends: bigint[];

  /** Prefixes such as `66.249.64.0/23` or `2001:4860:4801:10::/60` (a bare address is a /32 or /128); others are ignored. */
  constructor(prefixes: readonly string[]) {
    const v4: [number, number][] = [];
    const v6: [bigint, bigint][] = [];
    for (const prefix of prefixes) {
      const range = parsePrefix(prefix.trim());
      if (range?.v === 4) v4.push([range.start, range.end]);
      else if (range?.v === 6) v6.push([range.start, range.end]);
    }
    const m4 = merge(
      v4,
      (a, b) => a - b,
      (a) => a + 1,
    );
    const m6 = merge(
      v6,
      (a, b) => (a < b ? -1 : a > b ? 1 : 0),
      (a) => a + 1n,
    );
    this.v4Starts = Float64Array.from(m4.map((r) => r[0]));
    this.v4Ends = Float64Array.from(m4.map((r) => r[1]));
    this.v6Starts = m6.map((r) => r[0]);
    this.v6Ends = m6.map((r) => r[1]);
  }

  get size(): number {
    return this.v4Starts.length + this.v6Starts.length;
  }

  has(ip: IpNumber): boolean {
    return ip.v === 4 ? this.hasV4(ip.n) : this.hasV6(ip.n);
  }

  hasV4(n: number): boolean {
    const i = lastStartAtMost(this.v4Starts, n);
    return i >= 0 && this.v4Ends[i]! >= n;
  }

  hasV6(n: bigint): boolean {
    const i = lastStartAtMost(this.v6Starts, n);
    return i >= 0 && this.v6Ends[i]! >= n;
  }
}

/** The index of the last start at or below `n` in ascending `starts`, or -1 when every start is above it. */
function lastStartAtMost<T extends number | bigint>(starts: ArrayLike<T>, n: T): number {
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (starts[mid]! <= n) low = mid + 1;
    else high = mid - 1;
  }
  return high;
}

type Range = { v: 4; start: number; end: number } | { v: 6; start: bigint; end: bigint };

/** A CIDR prefix as its first and last address, or null when it is not one. */
export function parsePrefix(text: string): Range | null {
  const slash = text.indexOf('/');
  const address = slash < 0 ? text : text.slice(0, slash);
  const bitsText = slash < 0 ? null : text.slice(slash + 1);
  if (bitsText !== null && !/^\d{1,3}$/.test(bitsText)) return null;
  const v4 = parseIPv4(address);
  if (v4 >= 0) {
    const bits = bitsText === null ? 32 : Number(bitsText);
    if (bits > 32) return null;
    const size = 2 ** (32 - bits);
    const start = Math.floor(v4 / size) * size;
    return { v: 4, start, end: start + size - 1 };
  }
  const v6 = parseIPv6(address);
  if (v6 === null) return null;
  const bits = BigInt(bitsText === null ? 128 : Number(bitsText));
  if (bits > V6_BITS) return null;
  const hostMask = (1n << (V6_BITS - bits)) - 1n;
  const start = v6 & ~hostMask;
  return { v: 6, start, end: start | hostMask };
}

/** Sorted by start, overlapping or adjacent intervals joined. */
function merge<T>(ranges: [T, T][], compare: (a: T, b: T) => number, next: (a: T) => T): [T, T][] {
  ranges.sort((a, b) => compare(a[0], b[0]));
  const out: [T, T][] = [];
  for (const [start, end] of ranges) {
    const last = out[out.length - 1];
    if (last && compare(start, next(last[1])) <= 0) {
      if (compare(end, last[1]) > 0) last[1] = end;
    } else out.push([start, end]);
  }
  return out;
}
