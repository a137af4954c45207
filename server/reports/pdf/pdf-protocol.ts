/** Messages between the API thread and the PDF thread (pdf-thread.ts, pdf-worker.ts). */
import type { PdfJob, PdfRendererOptions } from './pdf-renderer.js';

export type PdfWorkerData = PdfRendererOptions;

export type PdfRequest = { type: 'render'; id: number; job: PdfJob } | { type: 'close' };

export type PdfReply =
  | { type: 'done'; id: number; pdf: ArrayBuffer }
  | { type: 'failed'; id: number; error: { name: string; message: string } }
  | { type: 'closed' };
