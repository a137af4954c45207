/**
 * Chunks of a stream into lines, without copying except a line cut by a chunk boundary. `\r\n` ends a line as
 * `\n` does. A line longer than MAX_LINE_BYTES is never held whole: it is reported by number and skipped up to its
 * newline, so a 10 MB line (or a binary file without newlines) costs no more memory than a short one.
 */
export const MAX_LINE_BYTES = 64 * 1024;

export type LineHandler = (bytes: Uint8Array, start: number, end: number, lineNo: number) => void;

export class LineSplitter {
  /** Physical lines ended so far (blank and too-long ones included): the next line's number is this + 1. */
  lineNo = 0;
  private carry = new Uint8Array(4096);
  private carried = 0;
  private tooLong = false;

  constructor(
    private readonly onLine: LineHandler,
    private readonly onTooLong: (lineNo: number) => void,
  ) {}

  push(chunk: Uint8Array): void {
    let pos = 0;
    if (this.carried > 0 || this.tooLong) {
      const nl = chunk.indexOf(10);
      if (nl < 0) {
        this.hold(chunk);
        return;
      }
      this.hold(chunk.subarray(0, nl));
      this.finishCarried();
      pos = nl + 1;
    }
    for (;;) {
      const nl = chunk.indexOf(10, pos);
      if (nl < 0) break;
      this.emit(chunk, pos, nl);
      pos = nl + 1;
    }
    if (pos < chunk.length) this.hold(chunk.subarray(pos));
  }

  /** The input ended: its last line, if it had no newline. */
  end(): void {
    if (this.carried > 0 || this.tooLong) this.finishCarried();
  }

  private emit(bytes: Uint8Array, start: number, end: number): void {
    this.lineNo++;
    const stop = end > start && bytes[end - 1] === 13 ? end - 1 : end;
    if (stop - start > MAX_LINE_BYTES) this.onTooLong(this.lineNo);
    else this.onLine(bytes, start, stop, this.lineNo);
  }

  private finishCarried(): void {
    if (this.tooLong) {
      this.lineNo++;
      this.onTooLong(this.lineNo);
    } else this.emit(this.carry, 0, this.carried);
    this.carried = 0;
    this.tooLong = false;
  }

  private hold(part: Uint8Array): void {
    if (this.tooLong) return;
    const need = this.carried + part.length;
    if (need > MAX_LINE_BYTES + 1) {
      this.tooLong = true;
      this.carried = 0;
      return;
    }
    if (need > this.carry.length) {
      const bigger = new Uint8Array(Math.min(Math.max(need, this.carry.length * 2), MAX_LINE_BYTES + 1));
      bigger.set(this.carry.subarray(0, this.carried));
      this.carry = bigger;
    }
    this.carry.set(part, this.carried);
    this.carried = need;
  }
}
