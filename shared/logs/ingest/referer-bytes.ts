/**
 * The answer engine a Referer names, read from the line's bytes: the host after `http(s)://`, `www.` ignored,
 * compared with the engines' hosts (referrals/engines.ts) by length and bytes, so the many referers that name
 * other sites cost a short scan and no string.
 */
import { ANSWER_ENGINES, LONGEST_ENGINE_HOST } from '../referrals/engines.js';

interface HostEntry {
  bytes: Uint8Array;
  engine: number;
}

const byLength: HostEntry[][] = [];
const encoder = new TextEncoder();
ANSWER_ENGINES.forEach((e, engine) => {
  for (const host of e.hosts) (byLength[host.length] ??= []).push({ bytes: encoder.encode(host), engine });
});

/** Lower-cased ASCII letter (other bytes unchanged). */
const lower = (c: number) => (c >= 65 && c <= 90 ? c | 32 : c);

function hostEnd(b: Uint8Array, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const c = b[i]!;
    if (c === 47 || c === 58 || c === 63 || c === 35) return i; // / : ? #
  }
  return end;
}

/** The engine (index in ANSWER_ENGINES) of the referer in bytes [start, end), or -1. */
export function engineOfRefererBytes(b: Uint8Array, start: number, end: number): number {
  if (end - start < 10 || lower(b[start]!) !== 104 || lower(b[start + 1]!) !== 116) return -1; // "ht"
  let at = start + 4;
  if (lower(b[at]!) === 115) at++; // https
  if (b[at] !== 58 || b[at + 1] !== 47 || b[at + 2] !== 47) return -1;
  at += 3;
  if (lower(b[at]!) === 119 && lower(b[at + 1]!) === 119 && lower(b[at + 2]!) === 119 && b[at + 3] === 46) at += 4;
  const stop = hostEnd(b, at, end);
  const length = stop - at;
  if (length > LONGEST_ENGINE_HOST) return -1;
  const candidates = byLength[length];
  if (!candidates) return -1;
  for (const c of candidates) {
    let i = 0;
    while (i < length && lower(b[at + i]!) === c.bytes[i]) i++;
    if (i === length) return c.engine;
  }
  return -1;
}
