/**
 * One input (a file or standard input) read line by line: its format chosen once (`auto` votes over its first
 * SNIFF_LINES lines), each line read in that format, and under `auto` a line that format cannot read tried in the
 * format it looks like, so a file mixing formats loses nothing. A line nothing reads is a problem, never an error.
 */
import { cloudflareRecord } from '../parse/cloudflare.js';
import { cloudfrontColumns, cloudfrontHeader, cloudfrontRecord, DEFAULT_CLOUDFRONT_COLUMNS } from '../parse/cloudfront.js';
import { emptyFields, parseCombined } from '../parse/combined.js';
import { formatOfLine, voteFormat } from '../parse/detect.js';
import { DEFAULT_JSON_FIELDS, jsonRecord, type JsonFieldMap } from '../parse/json-lines.js';
import type { RecordResult } from '../parse/log-record.js';
import type { LogFormat } from '../types.js';
import type { LineCounter } from './line-counter.js';
import { LineSplitter, MAX_LINE_BYTES } from './line-splitter.js';

export const SNIFF_LINES = 50;

const utf8 = new TextDecoder('utf-8');

export class LogInput {
  /** The format this input is read in; null while `auto` is still looking at its first lines. */
  format: LogFormat | null;
  private readonly auto: boolean;
  private readonly splitter: LineSplitter;
  private readonly fields = emptyFields();
  private pending: { text: string; lineNo: number }[] = [];
  private columns = DEFAULT_CLOUDFRONT_COLUMNS;

  constructor(
    readonly name: string,
    format: LogFormat | 'auto',
    private readonly counter: LineCounter,
    private readonly jsonFields: JsonFieldMap = DEFAULT_JSON_FIELDS,
  ) {
    this.auto = format === 'auto';
    this.format = format === 'auto' ? null : format;
    this.splitter = new LineSplitter(
      (b, s, e, n) => this.line(b, s, e, n),
      (n) => this.problem(n, `line longer than ${MAX_LINE_BYTES / 1024} KiB`),
    );
  }

  push(chunk: Uint8Array): void {
    this.splitter.push(chunk);
  }

  /** Numbers the next line as if `lines` lines came before it (reading resumed in the middle of a file). */
  skipLines(lines: number): void {
    this.splitter.lineNo += lines;
  }

  /** The input ended (normally, or after `fail`). */
  end(): void {
    this.splitter.end();
    if (this.format === null) this.decide();
  }

  /** The input broke off (a truncated gzip stream, a read error): what was read still counts. */
  fail(reason: string): void {
    this.splitter.end();
    if (this.format === null) this.decide();
    this.problem(this.splitter.lineNo + 1, reason);
  }

  private problem(lineNo: number, reason: string): void {
    this.counter.aggregate.lines++;
    this.counter.aggregate.problem(lineNo, `${this.name}: ${reason}`);
  }

  private line(b: Uint8Array, start: number, end: number, lineNo: number): void {
    if (end === start) return;
    if (this.format === null) {
      this.pending.push({ text: utf8.decode(b.subarray(start, end)), lineNo });
      if (this.pending.length >= SNIFF_LINES) this.decide();
      return;
    }
    if (this.format !== 'combined') return this.text(utf8.decode(b.subarray(start, end)), lineNo);
    const why = parseCombined(b, start, end, this.fields);
    if (why === null) {
      this.counter.aggregate.lines++;
      this.counter.countBytes(b, this.fields);
    } else this.fallback(utf8.decode(b.subarray(start, end)), lineNo, why);
  }

  /** Chooses the format from the lines held so far and reads them. */
  private decide(): void {
    const held = this.pending;
    this.pending = [];
    this.format = voteFormat(held.map((l) => l.text));
    const encoder = new TextEncoder();
    for (const { text, lineNo } of held) {
      if (this.format === 'combined') {
        const bytes = encoder.encode(text);
        this.line(bytes, 0, bytes.length, lineNo);
      } else this.text(text, lineNo);
    }
  }

  private text(line: string, lineNo: number): void {
    if (line.trim() === '') return;
    if (line.startsWith('#')) return this.comment(line);
    const result = this.read(line, this.format as Exclude<LogFormat, 'combined'>);
    if (typeof result === 'string') return this.fallback(line, lineNo, result);
    this.counter.aggregate.lines++;
    this.counter.countRecord(result);
  }

  /** A CloudFront header names the columns of the lines after it; other `#` lines are comments, not log lines. */
  private comment(line: string): void {
    const fields = cloudfrontHeader(line);
    if (fields) this.columns = cloudfrontColumns(fields);
  }

  private read(line: string, format: Exclude<LogFormat, 'combined'>): RecordResult {
    if (format === 'cloudfront') return cloudfrontRecord(line, this.columns);
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      return 'not valid JSON';
    }
    if (!row || typeof row !== 'object' || Array.isArray(row)) return 'a JSON line that is not an object';
    return format === 'cloudflare'
      ? cloudflareRecord(row as Record<string, unknown>)
      : jsonRecord(row as Record<string, unknown>, this.jsonFields);
  }

  /** A line the input's format could not read: under `auto`, tried in the format it looks like. */
  private fallback(line: string, lineNo: number, why: string): void {
    const looks = this.auto ? formatOfLine(line) : null;
    if (looks && looks !== this.format) {
      if (looks === 'combined') {
        const bytes = new TextEncoder().encode(line);
        if (parseCombined(bytes, 0, bytes.length, this.fields) === null) {
          this.counter.aggregate.lines++;
          return this.counter.countBytes(bytes, this.fields);
        }
      } else if (line.startsWith('#')) return this.comment(line);
      else {
        const result = this.read(line, looks);
        if (typeof result !== 'string') {
          this.counter.aggregate.lines++;
          return this.counter.countRecord(result);
        }
        return this.problem(lineNo, result);
      }
    }
    this.problem(lineNo, describe(line, why, this.format));
  }
}

/** Why a line could not be read, in words: binary data is named as such. */
function describe(line: string, why: string, format: LogFormat | null): string {
  if (/[\u0000-\u0008\u000e-\u001f]/.test(line) || line.includes('\ufffd\ufffd')) return 'binary data, not a log line';
  return format && format !== 'combined' ? why : `not a combined or common log line: ${why}`;
}
