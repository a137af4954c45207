/**
 * SVG logos are sanitised on the logo thread, never on the thread that answers the API: the thread's time budget
 * ends a logo that takes too long (and the next logo gets a fresh thread), a full line is refused, and the API
 * answers each case with its status (400, 422, 503) through normalizeLogo. PUT /branding with 20,000 nested
 * groups is refused at once with a 400 that says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogoSanitizer, LogoBudgetError, LogoBusyError, type LogoSanitizer } from '../../../server/reports/branding/logo-thread.js';
import { LogoError, normalizeLogo } from '../../../server/reports/branding/logo.js';
import { startReportApi, type ReportApi } from '../../server/helpers/report-api.js';

const SVG = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;
const ORDINARY = SVG('<rect width="10" height="10" fill="#123456"/>');
/** 5,000 paths, within the structural limits: hundreds of times an ordinary logo's work for jsdom and DOMPurify. */
const HEAVY = SVG('<path d="M0 0h1v1z" fill="#123"/>'.repeat(5_000));
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const opened: LogoSanitizer[] = [];
const sanitizer = (options: Parameters<typeof createLogoSanitizer>[0]) => {
  const created = createLogoSanitizer(options);
  opened.push(created);
  return created;
};
afterAll(async () => {
  for (const s of opened) await s.close();
});

describe('the logo thread', () => {
  it('sanitises a logo, and says why when nothing usable is left', async () => {
    const logos = sanitizer({});
    const done = await logos.sanitize(SVG('<rect width="10" height="10" onclick="alert(1)"/><script>alert(2)</script>'));
    expect(done).toEqual({
      ok: true,
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    });
    expect(await logos.sanitize('<html><body>hi</body></html>')).toEqual({ ok: false, message: 'logo: the SVG must be one <svg> element' });
    expect(logos.pending).toBe(0);
  });

  it('ends a logo over its time budget, and gives the next logo a fresh thread', { timeout: 180_000 }, async () => {
    const roomy = sanitizer({ timeBudgetMs: 120_000 });
    await roomy.sanitize(ORDINARY); // the thread is ready
    const started = performance.now();
    await expect(roomy.sanitize(HEAVY)).resolves.toMatchObject({ ok: true });
    const heavyMs = performance.now() - started;
    // A quarter of what the heavy logo took: it is ended; an ordinary logo (a few milliseconds) then gets a new thread.
    const tight = sanitizer({ timeBudgetMs: Math.max(50, heavyMs / 4) });
    await expect(tight.sanitize(HEAVY)).rejects.toEqual(new LogoBudgetError('time'));
    await expect(tight.sanitize(ORDINARY)).resolves.toMatchObject({ ok: true });
  });

  it('refuses a logo when its line is full', async () => {
    const logos = sanitizer({ queueLimit: 1 });
    const first = logos.sanitize(ORDINARY); // in line while the thread starts
    await expect(logos.sanitize(ORDINARY)).rejects.toEqual(new LogoBusyError());
    await expect(first).resolves.toMatchObject({ ok: true });
  });

  it('fails a logo when its worker script cannot run, and says so', async () => {
    const logos = sanitizer({ worker: new URL('./missing-logo-worker.mjs', import.meta.url) });
    await expect(logos.sanitize(ORDINARY)).rejects.toThrow(/the logo sanitiser could not start/);
  });
});

describe('normalizeLogo', () => {
  it(
    'answers each case with the status the API sends: 400 shape or sanitising, 422 over budget, 503 busy',
    { timeout: 120_000 },
    async () => {
      const status = (promise: Promise<unknown>) =>
        promise.then(
          () => 200,
          (error: unknown) => (error instanceof LogoError ? `${error.status} ${error.message}` : String(error)),
        );
      const nested = SVG(`${'<g>'.repeat(20_000)}<rect/>${'</g>'.repeat(20_000)}`);
      expect(await status(normalizeLogo(dataUrl(nested)))).toBe('400 logo: the SVG nests elements more than 64 deep; flatten its groups');
      expect(await status(normalizeLogo(dataUrl('<p>not an svg</p>')))).toBe('400 logo: the SVG must be one <svg> element');
      const slow = sanitizer({ timeBudgetMs: 1 });
      expect(await status(normalizeLogo(dataUrl(HEAVY), slow))).toBe('422 logo: the SVG took too long to sanitise; simplify it');
      const full = sanitizer({ queueLimit: 0 });
      const busy = await normalizeLogo(dataUrl(ORDINARY), full).catch((error: unknown) => error);
      expect(busy).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    },
  );
});

describe('PUT /branding', () => {
  let api: ReportApi;
  beforeAll(async () => {
    api = await startReportApi();
  });
  afterAll(() => api?.closeAll());

  it('refuses 20,000 nested groups at once with a 400 that says why', async () => {
    const nested = SVG(`${'<g>'.repeat(20_000)}<rect/>${'</g>'.repeat(20_000)}`);
    const res = await api.request('PUT', '/api/v1/branding', { body: { logo: dataUrl(nested) } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'logo: the SVG nests elements more than 64 deep; flatten its groups' });
  });

  it('stores a logo whose CSS holds url( and 5,400 spaces without the reference', async () => {
    const logo = SVG(`<style>rect{fill:url(${' '.repeat(5_400)}}</style><rect width="10" height="10"/>`);
    const res = await api.request('PUT', '/api/v1/branding', { body: { logo: dataUrl(logo) } });
    expect(res.status).toBe(200);
    const stored = Buffer.from(res.json.branding.logo.split(',')[1], 'base64').toString('utf8');
    expect(stored).toMatch(/^<svg/);
    expect(stored).not.toMatch(/url/);
  });
});
