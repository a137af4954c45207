import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FixtureHandler } from '../../helpers/fixture-server.js';

/** What a hostile handler managed to send, summed over its requests, before clients hung up. */
export interface SendLog {
  bytesWritten: number;
  /** True once any request was sent to its end. */
  finished: boolean;
}

/**
 * Writes `total` bytes (`prefix`, then `chunk` repeated) per request, honouring backpressure, and
 * stops when the client closes: nothing big is ever held in memory on either side.
 */
export function streamRepeated(
  total: number,
  chunk: Buffer,
  headers: Record<string, string>,
  log: SendLog = { bytesWritten: 0, finished: false },
  prefix?: Buffer,
): FixtureHandler {
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, headers);
    let closed = false;
    let sent = 0;
    res.on('close', () => (closed = true));
    const send = (piece: Buffer) => {
      sent += piece.length;
      log.bytesWritten += piece.length;
      return res.write(piece);
    };
    if (prefix) send(prefix);
    const pump = () => {
      while (!closed && sent < total) {
        if (!send(chunk.subarray(0, Math.min(chunk.length, total - sent)))) return void res.once('drain', pump);
      }
      if (!closed) {
        log.finished = true;
        res.end();
      }
    };
    pump();
  };
}

/** A plain body of `total` bytes of HTML-ish text, streamed. */
export function hugePage(total: number, log?: SendLog): FixtureHandler {
  const chunk = Buffer.from('<p>filler text for a very large page</p>\n'.repeat(1600));
  return streamRepeated(total, chunk, { 'content-type': 'text/html; charset=utf-8' }, log);
}

/**
 * A compressed stream that inflates to `equivalentBytes` of text: one sync-flushed raw-deflate
 * segment (16 MiB of text in ~16 KiB) repeated behind a gzip or zlib header. Cheap for the server,
 * ruinous for a client without a cap.
 */
export function deflateBomb(
  encoding: 'gzip' | 'deflate',
  equivalentBytes: number,
  log?: SendLog,
  contentType = 'text/html; charset=utf-8',
): FixtureHandler {
  const segment = syncFlushedSegment(Buffer.alloc(16 * 1024 * 1024, 'a'));
  const header = encoding === 'gzip' ? Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]) : Buffer.from([0x78, 0x9c]);
  const repeats = Math.ceil(equivalentBytes / (16 * 1024 * 1024));
  return streamRepeated(
    header.length + repeats * segment.length,
    segment,
    { 'content-type': contentType, 'content-encoding': encoding },
    log,
    header,
  );
}

/** Endless empty stored blocks: a gzip body that never yields a byte (bounded only by compressed bytes read). */
export function emptyBlockGzip(totalCompressed: number, log?: SendLog): FixtureHandler {
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  const emptyBlock = Buffer.from([0, 0, 0, 0xff, 0xff]);
  return streamRepeated(
    totalCompressed,
    Buffer.concat(Array.from({ length: 4096 }, () => emptyBlock)),
    { 'content-type': 'text/html', 'content-encoding': 'gzip' },
    log,
    header,
  );
}

/** A brotli stream of `equivalentBytes` of text, compressed live at the lowest quality as the client reads. */
export function brotliBomb(equivalentBytes: number, log: SendLog = { bytesWritten: 0, finished: false }): FixtureHandler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' });
    const brotli = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 0 } });
    const text = Buffer.alloc(1024 * 1024, 'b');
    let produced = 0;
    let closed = false;
    res.on('close', () => {
      closed = true;
      brotli.destroy();
    });
    brotli.on('data', (c: Buffer) => (log.bytesWritten += c.length));
    brotli.pipe(res);
    const pump = () => {
      while (!closed && produced < equivalentBytes) {
        produced += text.length;
        if (!brotli.write(text)) return void brotli.once('drain', pump);
      }
      if (!closed) {
        log.finished = true;
        brotli.end();
      }
    };
    pump();
  };
}

function syncFlushedSegment(data: Buffer): Buffer {
  // deflateRawSync with a sync flush finish leaves the stream open (no final block): segments concatenate.
  return zlib.deflateRawSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 });
}

/** Headers at once, then one byte every `intervalMs`, forever (until the client leaves). */
export function drip(intervalMs: number, contentType = 'text/html; charset=utf-8'): FixtureHandler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    res.write('<');
    const timer = setInterval(() => res.write('p'), intervalMs);
    res.on('close', () => clearInterval(timer));
  };
}

/** Never answers at all (not even headers) until the client leaves. */
export function silent(): FixtureHandler {
  return (_req, res) => {
    const timer = setInterval(() => undefined, 1000);
    res.on('close', () => clearInterval(timer));
  };
}

/** Samples resident memory while `run` runs and returns its result with the peak growth in bytes. */
export async function withPeakRss<T>(run: () => Promise<T>): Promise<{ result: T; peakGrowth: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakGrowth: peak - base };
  } finally {
    clearInterval(timer);
  }
}

/** A minimal valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
