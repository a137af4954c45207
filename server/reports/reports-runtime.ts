/** What the report routes share for the life of the process: the PDF printer (one Chromium) and PUBLIC_URL. */
import type { ReportSettings } from '../settings/report-settings.js';
import { createPdfRenderer, type PdfRenderer } from './pdf/pdf-renderer.js';

export interface ReportsRuntime {
  pdf: PdfRenderer;
  /** The origin of share links; null: the address each request reached. */
  publicUrl: string | null;
  /** Stops Chromium (server shutdown). */
  close(): Promise<void>;
}

export function createReportsRuntime(settings: ReportSettings): ReportsRuntime {
  const pdf = createPdfRenderer({ chromiumPath: settings.chromiumPath, concurrency: settings.pdfConcurrency, timeoutMs: settings.pdfTimeoutMs });
  return { pdf, publicUrl: settings.publicUrl, close: () => pdf.close() };
}
