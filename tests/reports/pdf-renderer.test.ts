/** The PDF printer: in this thread and in its own, its bounds (busy, deadline), Chromium missing, and shutdown. */
import { afterAll, describe, expect, it } from 'vitest';
import { createPdfRenderer, type PdfRenderer } from '../../server/reports/pdf/pdf-renderer.js';
import { createThreadedPdfRenderer } from '../../server/reports/pdf/pdf-thread.js';
import { PdfBusyError, PdfTimeoutError, PdfUnavailableError } from '../../server/reports/pdf/pdf-errors.js';
import { renderAuditReportHtml } from '../../shared/report/render-audit-report.js';
import { pdfFooterTemplate } from '../../shared/report/pdf-footer.js';
import { CHROMIUM } from './helpers/chromium.js';
import { pdfText } from './helpers/pdf-text.js';
import { makeAudit } from './fixtures/audits.js';

const WORKER = new URL('./helpers/pdf-worker-source.mjs', import.meta.url);
const audit = makeAudit({ score: 67 });
const job = {
  html: renderAuditReportHtml(audit, { medium: 'pdf' }),
  paper: 'A4' as const,
  footerTemplate: pdfFooterTemplate(null, audit.url),
};
const opened: PdfRenderer[] = [];
const keep = <T extends PdfRenderer>(r: T) => (opened.push(r), r);
afterAll(async () => {
  await Promise.all(opened.map((r) => r.close()));
});

describe.each([
  ['in this thread', (o: { chromiumPath: string; concurrency: number; timeoutMs: number }) => createPdfRenderer(o)],
  [
    'in its own thread',
    (o: { chromiumPath: string; concurrency: number; timeoutMs: number }) => createThreadedPdfRenderer({ ...o, workerUrl: WORKER }),
  ],
])('the PDF renderer %s', (_, create) => {
  it('prints several PDFs at once, reusing one browser, each with the score', async () => {
    const printer = keep(create({ chromiumPath: CHROMIUM, concurrency: 2, timeoutMs: 60_000 }));
    const pdfs = await Promise.all(Array.from({ length: 4 }, () => printer.render(job)));
    for (const pdf of pdfs) {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await pdfText(pdf)).text).toMatch(/\b67\s*out of 100/);
    }
    expect(printer.pending).toBe(0);
  });

  it('without Chromium: PdfUnavailableError naming CHROMIUM_PATH, every time', async () => {
    const printer = keep(create({ chromiumPath: '/nonexistent/chromium', concurrency: 1, timeoutMs: 10_000 }));
    for (let i = 0; i < 2; i++) {
      const error = await printer.render(job).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PdfUnavailableError);
      expect((error as Error).message).toContain('CHROMIUM_PATH (/nonexistent/chromium)');
    }
  });

  it('past its deadline: PdfTimeoutError', async () => {
    const printer = keep(create({ chromiumPath: CHROMIUM, concurrency: 1, timeoutMs: 1 }));
    await expect(printer.render(job)).rejects.toBeInstanceOf(PdfTimeoutError);
  });

  it('after close: PdfUnavailableError', async () => {
    const printer = create({ chromiumPath: CHROMIUM, concurrency: 1, timeoutMs: 60_000 });
    await printer.render(job);
    await printer.close();
    await expect(printer.render(job)).rejects.toBeInstanceOf(PdfUnavailableError);
  });
});

it('refuses beyond its line: PdfBusyError', async () => {
  const printer = keep(createPdfRenderer({ chromiumPath: CHROMIUM, concurrency: 1, timeoutMs: 60_000, queueLimit: 1 }));
  const outcomes = await Promise.allSettled(Array.from({ length: 3 }, () => printer.render(job)));
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
  const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
  expect(refused).toHaveLength(1);
  expect(refused[0]!.reason).toBeInstanceOf(PdfBusyError);
});
