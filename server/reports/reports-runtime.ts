/** What the report routes share for the life of the process: the PDF printer (one Chromium, fair-printer.ts in front) and PUBLIC_URL. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReportSettings } from '../settings/report-settings.js';
import { createPdfRenderer, type PdfRenderer } from './pdf/pdf-renderer.js';
import { createThreadedPdfRenderer } from './pdf/pdf-thread.js';
import { createFairPrinter } from './pdf/fair-printer.js';

export interface ReportsRuntime {
  pdf: PdfRenderer;
  /** The origin of share links; null: the address each request reached. */
  publicUrl: string | null;
  /** The published rule reference each issue of a report links to (REPORT_RULES_URL); null: named, not linked. */
  rulesDocUrl: string | null;
  /** Stops Chromium (server shutdown). */
  close(): Promise<void>;
}

/**
 * `pdfWorkerUrl`: the PDF thread's script (dist/pdf-worker.mjs beside the built server). When it is absent
 * (run from source), PDFs are printed from this thread.
 */
export function createReportsRuntime(settings: ReportSettings, pdfWorkerUrl?: URL): ReportsRuntime {
  const options = { chromiumPath: settings.chromiumPath, concurrency: settings.pdfConcurrency, timeoutMs: settings.pdfTimeoutMs };
  const renderer =
    pdfWorkerUrl && existsSync(fileURLToPath(pdfWorkerUrl))
      ? createThreadedPdfRenderer({ ...options, workerUrl: pdfWorkerUrl })
      : createPdfRenderer(options);
  const pdf = createFairPrinter(renderer, options);
  return { pdf, publicUrl: settings.publicUrl, rulesDocUrl: settings.rulesDocUrl, close: () => pdf.close() };
}
