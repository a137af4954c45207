/** GET /api/v1/audits/{id}/report over real HTTP: HTML, PDF from the real Chromium, and the 503 without it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_CSP } from '../../../../shared/report/components/ReportDocument.js';
import { pdfText } from '../../../reports/helpers/pdf-text.js';
import { issue } from '../../../reports/fixtures/audits.js';
import { DAY, startReportApi, T0, type ReportApi } from '../../helpers/report-api.js';

let api: ReportApi;
beforeAll(async () => {
  api = await startReportApi();
});
afterAll(() => api.closeAll());

describe('GET /api/v1/audits/{id}/report', () => {
  it('answers the HTML report: the score, the critical issue, the score history of the page', async () => {
    const url = 'https://client.example/report-page';
    await api.putAudit({ url, final_url: url, scanned_at: new Date(T0 - 30 * DAY).toISOString(), score: 31 });
    const audit = await api.putAudit({
      url,
      final_url: url,
      score: 47,
      score_cap: { max: 49, reason: '1 critical issue' },
      issues: [issue('http.status', 'critical', 'Crawler Access', 'The page answers an error', 'Fix the 500.')],
    });
    const res = await api.request('GET', `/api/v1/audits/${audit.id}/report`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(REPORT_CSP);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.text.startsWith('<!doctype html>')).toBe(true);
    expect(res.text).toContain('aria-label="Score 47 out of 100"');
    expect(res.text).toContain('The page answers an error');
    expect(res.text).toContain('Score capped at 49: 1 critical issue');
    expect(res.text).toContain('data-history-score="31"');
    expect((await api.request('GET', `/api/v1/audits/${audit.id}/report?format=html&paper=letter`)).text).toContain(
      'size: Letter portrait',
    );
  });

  it('answers the PDF (?format=pdf): it opens, and its text holds the score', async () => {
    const audit = await api.putAudit({ score: 83 });
    const res = await fetch(`${api.url}/api/v1/audits/${audit.id}/report?format=pdf`, { headers: { authorization: `Bearer ${api.key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="citable-report-client-example.pdf"');
    const { text, pages } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toMatch(/\b83\s*out of 100/);
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
  });

  it("400 for a bad format or paper; 404 for an unknown or another account's audit; 401 without a key", async () => {
    const audit = await api.putAudit({});
    for (const query of ['?format=docx', '?paper=a3', '?format=pdf&format=html'])
      expect((await api.request('GET', `/api/v1/audits/${audit.id}/report${query}`)).status).toBe(400);
    const other = await api.newAccount();
    expect((await api.request('GET', `/api/v1/audits/${audit.id}/report`, { key: other.key })).status).toBe(404);
    expect((await api.request('GET', '/api/v1/audits/00000000-0000-4000-8000-000000000000/report')).json).toEqual({
      error: 'Audit not found',
    });
    expect((await api.request('GET', `/api/v1/audits/${audit.id}/report`, { key: null })).status).toBe(401);
  });
});

describe('without Chromium', () => {
  it('a PDF is 503 naming CHROMIUM_PATH; the HTML still works', async () => {
    const missing = await startReportApi({ chromiumPath: '/nonexistent/chromium' });
    try {
      const audit = await missing.putAudit({});
      const res = await missing.request('GET', `/api/v1/audits/${audit.id}/report?format=pdf`);
      expect(res.status).toBe(503);
      expect(Object.keys(res.json)).toEqual(['error']);
      expect(res.json.error).toContain('CHROMIUM_PATH (/nonexistent/chromium)');
      expect((await missing.request('GET', `/api/v1/audits/${audit.id}/report`)).status).toBe(200);
    } finally {
      await missing.closeAll();
    }
  });
});
