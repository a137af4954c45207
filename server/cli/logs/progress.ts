/**
 * The progress line of `citable logs` on stderr, only on a terminal and only for input worth waiting for (64 MB
 * or more, or standard input): a bar of bytes read against the files' sizes, or the bytes read from a pipe. It
 * redraws at most ten times a second and clears itself at the end, so the report starts on a clean line.
 */
import type { CliWriter } from '../io.js';

export const PROGRESS_MIN_BYTES = 64 << 20;
const REDRAW_MS = 100;
const WIDTH = 30;

export interface Progress {
  add(bytes: number): void;
  done(): void;
}

const NONE: Progress = { add: () => {}, done: () => {} };
const mb = (n: number) => `${(n / 1048576).toFixed(n < 10 * 1048576 ? 1 : 0)} MB`;

/** `total`: the sum of the files' sizes, or null when standard input is among the inputs. */
export function createProgress(stderr: CliWriter, total: number | null, now = () => Date.now()): Progress {
  if (stderr.isTTY !== true || (total !== null && total < PROGRESS_MIN_BYTES)) return NONE;
  const started = now();
  let read = 0;
  let drawn = 0;
  const draw = () => {
    const seconds = Math.max(0.001, (now() - started) / 1000);
    const rate = `${mb(read / seconds)}/s`;
    if (total === null) {
      stderr.write(`\r\x1b[K  reading logs: ${mb(read)} read, ${rate}`);
      return;
    }
    const share = Math.min(1, read / total);
    const filled = Math.round(share * WIDTH);
    const bar = '█'.repeat(filled) + '░'.repeat(WIDTH - filled);
    stderr.write(`\r\x1b[K  reading logs ${bar} ${Math.floor(share * 100)}%  ${mb(read)} of ${mb(total)}, ${rate}`);
  };
  return {
    add(bytes) {
      read += bytes;
      const t = now();
      if (t - drawn >= REDRAW_MS) {
        drawn = t;
        draw();
      }
    },
    done() {
      stderr.write('\r\x1b[K');
    },
  };
}
