/**
 * The NCSA combined and common formats, as nginx (`log_format combined`) and Apache (`LogFormat ... combined`,
 * `common`) write them:
 *
 *   203.0.113.9 - - [10/Oct/2026:13:55:36 +0200] "GET /a?b=1 HTTP/1.1" 200 2326 "https://chatgpt.com/" "Mozilla/5.0 ..."
 *
 * read from bytes by offsets, without making strings: the reader keeps only what it counts. Quoted fields end at
 * the first `"` not escaped by a backslash (Apache writes `\"`; nginx writes `\x22`, so its quotes are never raw).
 * The common format stops after the size; fields after the user agent (nginx variants add some) are ignored.
 */
import { clfTimeBytes } from './log-time.js';

/** Offsets into the line (end exclusive); -1 when a field is absent. Reused from line to line. */
export interface CombinedFields {
  ipStart: number;
  ipEnd: number;
  time: number;
  /** The method and the target inside the request line; the target's end is before ` HTTP/x`. */
  methodStart: number;
  methodEnd: number;
  targetStart: number;
  targetEnd: number;
  status: number;
  refererStart: number;
  refererEnd: number;
  agentStart: number;
  agentEnd: number;
}

export function emptyFields(): CombinedFields {
  return {
    ipStart: -1,
    ipEnd: -1,
    time: NaN,
    methodStart: -1,
    methodEnd: -1,
    targetStart: -1,
    targetEnd: -1,
    status: 0,
    refererStart: -1,
    refererEnd: -1,
    agentStart: -1,
    agentEnd: -1,
  };
}

const SPACE = 32;
const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Where `byte` first is in b[from, end), or -1. `Uint8Array.indexOf` has no end: for a byte the line lacks it
 * searched the rest of the chunk, and every line of a large chunk did so (quadratic in the chunk's size).
 */
export function byteIn(b: Uint8Array, byte: number, from: number, end: number): number {
  for (let i = from; i < end; i++) if (b[i] === byte) return i;
  return -1;
}

/** The closing quote of a field opened before `from`, or -1. */
function closingQuote(b: Uint8Array, from: number, end: number): number {
  let at = from;
  while (at < end) {
    const q = b.indexOf(QUOTE, at);
    if (q < 0 || q >= end) return -1;
    let slashes = 0;
    for (let i = q - 1; i >= from && b[i] === BACKSLASH; i--) slashes++;
    if (slashes % 2 === 0) return q;
    at = q + 1;
  }
  return -1;
}

/** Reads a combined or common line into `f`; returns null, or why the line is not one. */
export function parseCombined(b: Uint8Array, start: number, end: number, f: CombinedFields): string | null {
  const ipEnd = b.indexOf(SPACE, start);
  if (ipEnd <= start || ipEnd >= end) return 'no client address field';
  f.ipStart = start;
  f.ipEnd = ipEnd;
  const open = byteIn(b, 91, ipEnd, end); // [
  if (open < 0) return 'no [time] field';
  f.time = clfTimeBytes(b, open + 1, end);
  if (Number.isNaN(f.time) || b[open + 27] !== 93) return 'unreadable time';
  let at = open + 28;
  if (b[at] !== SPACE || b[at + 1] !== QUOTE) return 'no quoted request';
  const requestEnd = closingQuote(b, at + 2, end);
  if (requestEnd < 0) return 'unterminated request';
  readRequest(b, at + 2, requestEnd, f);
  at = requestEnd + 1;
  if (b[at] !== SPACE) return 'no status';
  const status = statusAt(b, at + 1);
  if (status < 100 || (at + 4 < end && b[at + 4] !== SPACE)) return 'unreadable status';
  f.status = status;
  return readQuotedTail(b, at + 4, end, f);
}

/** Three digits as a number, or -1. */
function statusAt(b: Uint8Array, at: number): number {
  let v = 0;
  for (let i = at; i < at + 3; i++) {
    const d = (b[i] ?? 0) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** Method and target of `GET /a HTTP/1.1` (a bare `-` or garbage leaves them absent: the line still counts). */
function readRequest(b: Uint8Array, start: number, end: number, f: CombinedFields): void {
  f.methodStart = f.methodEnd = f.targetStart = f.targetEnd = -1;
  const space = b.indexOf(SPACE, start);
  if (space <= start || space >= end) return;
  f.methodStart = start;
  f.methodEnd = space;
  const next = b.indexOf(SPACE, space + 1);
  f.targetStart = space + 1;
  f.targetEnd = next < 0 || next > end ? end : next;
}

/** After the status: the size, then (combined) the quoted referer and user agent. */
function readQuotedTail(b: Uint8Array, from: number, end: number, f: CombinedFields): string | null {
  f.refererStart = f.refererEnd = f.agentStart = f.agentEnd = -1;
  if (from >= end) return null;
  const sizeEnd = b.indexOf(SPACE, from + 1);
  if (sizeEnd < 0 || sizeEnd >= end) return null; // common format: nothing after the size
  if (b[sizeEnd + 1] !== QUOTE) return null;
  const refEnd = closingQuote(b, sizeEnd + 2, end);
  if (refEnd < 0) return 'unterminated referer';
  f.refererStart = sizeEnd + 2;
  f.refererEnd = refEnd;
  if (b[refEnd + 1] !== SPACE || b[refEnd + 2] !== QUOTE) return null;
  const uaEnd = closingQuote(b, refEnd + 3, end);
  if (uaEnd < 0) return 'unterminated user agent';
  f.agentStart = refEnd + 3;
  f.agentEnd = uaEnd;
  return null;
}

const utf8 = new TextDecoder('utf-8');

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 32;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}

/**
 * A logged field as text: nginx's `\xHH` and Apache's `\"`, `\\` and `\xhh` escapes undone, the bytes read as
 * UTF-8 (invalid sequences become U+FFFD, never an error), `-` (nothing logged) as the empty string.
 */
export function fieldText(b: Uint8Array, start: number, end: number): string {
  if (start < 0 || end <= start || (end === start + 1 && b[start] === 45)) return '';
  let plain = true;
  for (let i = start; i < end; i++) {
    const c = b[i]!;
    if (c === BACKSLASH || c >= 128) {
      plain = false;
      break;
    }
  }
  if (plain) return asciiText(b, start, end);
  return utf8.decode(unescapeBytes(b, start, end));
}

function asciiText(b: Uint8Array, start: number, end: number): string {
  if (end - start > 4096) return utf8.decode(b.subarray(start, end));
  return String.fromCharCode.apply(null, b.subarray(start, end) as unknown as number[]);
}

function unescapeBytes(b: Uint8Array, start: number, end: number): Uint8Array {
  const out = new Uint8Array(end - start);
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = b[i]!;
    if (c === BACKSLASH && i + 1 < end) {
      const next = b[i + 1]!;
      if ((next === 120 || next === 88) && i + 3 < end && hexValue(b[i + 2]!) >= 0 && hexValue(b[i + 3]!) >= 0) {
        out[n++] = hexValue(b[i + 2]!) * 16 + hexValue(b[i + 3]!);
        i += 3;
        continue;
      }
      if (next === QUOTE || next === BACKSLASH) {
        out[n++] = next;
        i++;
        continue;
      }
    }
    out[n++] = c;
  }
  return out.subarray(0, n);
}
