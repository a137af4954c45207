/**
 * The PDF thread (built to dist/pdf-worker.mjs): drives Chromium through playwright-core. Its protocol traffic
 * (the report in, the PDF out as base64 in JSON) is parsed here, not on the thread that answers the API; the
 * bounds (concurrency, line, deadline) are the renderer's own. Protocol: pdf-protocol.ts.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createPdfRenderer } from './pdf-renderer.js';
import type { PdfReply, PdfRequest, PdfWorkerData } from './pdf-protocol.js';

if (!parentPort) throw new Error('pdf-worker runs as a worker thread (see server/reports/pdf/pdf-thread.ts)');
const port = parentPort;
// On Linux, priority 0 means this thread only: printing yields the CPU to the thread that answers the API.
if (process.platform === 'linux') os.setPriority(0, 10);
const renderer = createPdfRenderer(workerData as PdfWorkerData);

port.on('message', (message: PdfRequest) => {
  if (message.type === 'close') {
    void renderer.close().finally(() => port.postMessage({ type: 'closed' } satisfies PdfReply));
    return;
  }
  renderer.render(message.job).then(
    (pdf) => {
      const bytes = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
      port.postMessage({ type: 'done', id: message.id, pdf: bytes } satisfies PdfReply, [bytes]);
    },
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ type: 'failed', id: message.id, error: { name: e.name, message: e.message } } satisfies PdfReply);
    },
  );
});
