/**
 * The fair printer's order and bounds (server/reports/pdf/fair-printer.ts), in front of a printer that finishes each
 * PDF when the test says so (the real Chromium under a flood: tests/server/routes/shares/share-pdf-fairness.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createFairPrinter, PER_SHARE } from '../../server/reports/pdf/fair-printer.js';
import { PdfLaneBusyError } from '../../server/reports/pdf/pdf-errors.js';
import type { PdfJob, PdfRenderer } from '../../server/reports/pdf/pdf-renderer.js';

function heldPrinter() {
  const started: string[] = [];
  const finishers: Array<() => void> = [];
  const inner: PdfRenderer = {
    pending: 0,
    render: (job: PdfJob) =>
      new Promise<Buffer>((resolve) => {
        started.push(job.html);
        finishers.push(() => resolve(Buffer.from(`%PDF-${job.html}`)));
      }),
    close: async () => undefined,
  };
  /** Finishes the oldest PDF still printing, then lets the printer hand its slot on. */
  const finishOne = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishers.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { inner, started, finishOne };
}
const job = (html: string): PdfJob => ({ html, paper: 'A4', footerTemplate: '' });

describe('the fair printer', () => {
  it('hands slots round-robin across accounts, then across an account’s share links', async () => {
    const { inner, started, finishOne } = heldPrinter();
    const printer = createFairPrinter(inner, { concurrency: 1, timeoutMs: 60_000 });
    const all = [
      printer.render(job('a-api-1'), { account: 'a' }),
      printer.render(job('a-s1-1'), { account: 'a', share: 's1' }),
      printer.render(job('a-s1-2'), { account: 'a', share: 's1' }),
      printer.render(job('a-s2-1'), { account: 'a', share: 's2' }),
      printer.render(job('b-api-1'), { account: 'b' }),
      printer.render(job('b-api-2'), { account: 'b' }),
    ];
    for (let i = 0; i < all.length; i++) await finishOne();
    await Promise.all(all);
    expect(started).toEqual(['a-api-1', 'a-s1-1', 'b-api-1', 'a-s2-1', 'b-api-2', 'a-s1-2']);
  });

  it('prints a report once: the same job again is served from the cache or shares the print in progress', async () => {
    const { inner, started, finishOne } = heldPrinter();
    const printer = createFairPrinter(inner, { concurrency: 2, timeoutMs: 60_000 });
    const first = printer.render(job('same'), { account: 'a', share: 's' });
    const meanwhile = printer.render(job('same'), { account: 'b' });
    await finishOne();
    expect((await first).toString()).toBe('%PDF-same');
    expect(await meanwhile).toBe(await first);
    expect(await printer.render(job('same'), { account: 'a', share: 's' })).toBe(await first);
    expect(started).toEqual(['same']);
    // Another paper is another PDF.
    const letter = printer.render({ ...job('same'), paper: 'Letter' }, { account: 'a' });
    await finishOne();
    await letter;
    expect(started).toEqual(['same', 'same']);
  });

  it(`refuses a share link's PDF beyond ${PER_SHARE} at once, and an account's beyond 4 per slot: PdfLaneBusyError`, async () => {
    const { inner, finishOne } = heldPrinter();
    const printer = createFairPrinter(inner, { concurrency: 1, timeoutMs: 60_000 });
    const held = Array.from({ length: PER_SHARE }, (_, i) => printer.render(job(`s-${i}`), { account: 'a', share: 's' }));
    const refused = await printer.render(job('s-more'), { account: 'a', share: 's' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PdfLaneBusyError);
    expect((refused as PdfLaneBusyError).lane).toBe('share');
    held.push(printer.render(job('t-0'), { account: 'a', share: 't' }), printer.render(job('a-0'), { account: 'a' }));
    const accountFull = await printer.render(job('a-more'), { account: 'a' }).catch((e: unknown) => e);
    expect((accountFull as PdfLaneBusyError).lane).toBe('account');
    // Another account is not refused.
    held.push(printer.render(job('b-0'), { account: 'b' }));
    for (let i = 0; i < held.length; i++) await finishOne();
    expect((await Promise.all(held)).length).toBe(5);
  });
});
