/**
 * The live progress of `citable crawl`, on stderr: on a terminal one line redrawn in place (a bar of pages
 * done of those to audit, pages per second, time left); elsewhere a plain line every few seconds.
 */
import type { CrawlCounters } from '../../store/contracts/crawls.js';
import type { CliWriter } from '../io.js';

const BAR_WIDTH = 24;
const PLAIN_EVERY_MS = 5_000;

export interface ProgressView {
  update(progress: CrawlCounters, now: number): void;
  /** The final figures, kept on screen (a terminal: the bar ends its line), before the report is printed. */
  end(progress: CrawlCounters, now: number): void;
}

/** Pages audited or failed, of those found and not skipped; the rate since the first page. */
export function progressLine(progress: CrawlCounters, elapsedMs: number, bar: boolean): string {
  const done = progress.audited + progress.failed;
  const total = Math.max(done, progress.discovered - progress.skipped);
  const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
  const left = rate > 0 && total > done ? Math.ceil((total - done) / rate) : null;
  const parts = [`${done} of ${total} pages`, `${rate.toFixed(1)} pages/s`];
  if (left !== null) parts.push(`about ${duration(left)} left`);
  if (progress.skipped) parts.push(`${progress.skipped} skipped`);
  if (!bar) return parts.join(', ');
  const filled = total ? Math.round((done / total) * BAR_WIDTH) : 0;
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${parts.join(' · ')}`;
}

function duration(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min` : `${(minutes / 60).toFixed(1)} h`;
}

export function createProgressView(stream: CliWriter, startedAt: number): ProgressView {
  const terminal = stream.isTTY === true;
  let lastPlain = 0;
  let lastLine = '';
  return {
    update(progress, now) {
      const line = progressLine(progress, now - startedAt, terminal);
      if (terminal) {
        const width = Math.max(20, (stream.columns ?? 80) - 1);
        stream.write(`\r\x1b[2K${line.slice(0, width)}`);
      } else if (line !== lastLine && now - lastPlain >= PLAIN_EVERY_MS) {
        stream.write(`${line}\n`);
        lastPlain = now;
        lastLine = line;
      }
    },
    end(progress, now) {
      const line = progressLine(progress, now - startedAt, terminal);
      if (terminal) stream.write(`\r\x1b[2K${line.slice(0, Math.max(20, (stream.columns ?? 80) - 1))}\n`);
      else if (line !== lastLine) stream.write(`${line}\n`);
    },
  };
}
