/**
 * A report's language over real HTTP (docs/reports.md#languages-and-rule-links): `?lang=` (exact or by primary subtag), then
 * `branding.language`, then Accept-Language, then English; an unknown `?lang=` is a 400 on the API and a note on
 * a share page; the PDF (real Chromium) is in the language, its footer too; each issue links its rule's entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issue } from '../../../reports/fixtures/audits.js';
import { pdfText } from '../../../reports/helpers/pdf-text.js';
import { startReportApi, type ReportApi } from '../../helpers/report-api.js';

const RULES_URL = 'https://docs.citable.example/rules.md';
let api: ReportApi;
beforeAll(async () => {
  api = await startReportApi({ rulesDocUrl: RULES_URL });
});
afterAll(() => api.closeAll());

const report = (id: string, query = '', headers: Record<string, string> = {}) =>
  api.request('GET', `/api/v1/audits/${id}/report${query}`, { headers });
const withCritical = () =>
  api.putAudit({
    score: 40,
    issues: [issue('content.single-h1', 'critical', 'Content Structure', 'No H1 heading', 'Add one `<h1>` that names the topic.')],
  });

describe('the language of GET /audits/{id}/report', () => {
  it('?lang= chooses, exactly or by primary subtag, and says so in <html lang> and Content-Language', async () => {
    const audit = await withCritical();
    const de = await report(audit.id, '?lang=de-AT');
    expect(de.status).toBe(200);
    expect(de.headers.get('content-language')).toBe('de');
    expect(de.text).toContain('<html lang="de">');
    expect(de.text).toContain('Das Wichtigste zuerst');
    expect(de.text).toContain('Keine H1-Überschrift');
    expect(de.text).not.toContain('What matters most');
    expect((await report(audit.id, '?lang=fr')).text).toContain("L'essentiel");
    expect((await report(audit.id, '?lang=es')).text).toContain('Lo más importante');
    expect((await report(audit.id)).text).toContain('What matters most');
  });

  it('an unsupported ?lang= is a 400 that names the languages', async () => {
    const audit = await api.putAudit({});
    for (const lang of ['pt', 'xx-YY', 'de_DE']) {
      const res = await report(audit.id, `?lang=${lang}`);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(/^lang must be one of en, de, fr, es/);
    }
    expect((await api.request('GET', `/api/v1/crawls/00000000-0000-4000-8000-000000000000/report?lang=pt`)).status).toBe(400);
  });

  it('without ?lang=: the branding language, then Accept-Language, then English', async () => {
    const audit = await api.putAudit({});
    expect((await report(audit.id, '', { 'accept-language': 'pt-BR, es;q=0.8' })).headers.get('content-language')).toBe('es');
    expect((await report(audit.id, '', { 'accept-language': 'pt-BR' })).headers.get('content-language')).toBe('en');
    const put = await api.request('PUT', '/api/v1/branding', { body: { name: 'North', language: 'fr' } });
    expect(put.json.branding.language).toBe('fr');
    expect((await api.request('GET', '/api/v1/branding')).json.branding.language).toBe('fr');
    expect((await report(audit.id, '', { 'accept-language': 'es' })).headers.get('content-language')).toBe('fr');
    expect((await report(audit.id, '?lang=de')).headers.get('content-language')).toBe('de');
    await api.request('PUT', '/api/v1/branding', { body: { name: 'North' } }); // left out: cleared
    expect((await report(audit.id)).headers.get('content-language')).toBe('en');
  });

  it('code in advice reads as code; the rule id waits behind a detail with a link to its entry in the rule reference', async () => {
    const html = (await report((await withCritical()).id)).text;
    expect(html).toContain('Add one <code class="snippet">&lt;h1></code> that names the topic.');
    expect(html).not.toContain('`');
    expect(html).toMatch(/<details class="rule-ref"><summary>Technical reference<\/summary>Rule <code>content.single-h1<\/code>/);
    expect(html).toContain(`href="${RULES_URL}#content-single-h1"`);
  });

  it('the PDF is in the language, its footer too', async () => {
    const audit = await withCritical();
    const res = await fetch(`${api.url}/api/v1/audits/${audit.id}/report?format=pdf&lang=de`, {
      headers: { authorization: `Bearer ${api.key}` },
    });
    expect(res.status).toBe(200);
    const { text, pages } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Das Wichtigste zuerst');
    expect(pages[0]).toContain(`Seite 1 von ${pages.length}`);
  });
});

describe('the language of a share page', () => {
  it('?lang= chooses; an unsupported one falls back with a note; the PDF link keeps the language', async () => {
    const audit = await withCritical();
    const created = await api.request('POST', `/api/v1/audits/${audit.id}/share`, { body: {} });
    const path = new URL(created.json.share.url).pathname;
    const de = await api.request('GET', `${path}?lang=de`, { key: null });
    expect(de.status).toBe(200);
    expect(de.text).toContain('<html lang="de">');
    expect(de.text).toContain('href="?format=pdf&amp;lang=de"');
    const unknown = await api.request('GET', `${path}?lang=pt`, { key: null, headers: { 'accept-language': 'es' } });
    expect(unknown.status).toBe(200);
    expect(unknown.text).toContain('<html lang="es">');
    expect(unknown.text).toContain('Este informe no está disponible en el idioma solicitado (pt)');
  });

  it('a dead link answers its page in the reader language', async () => {
    const gone = await api.request('GET', '/r/shr_doesnotexist0000000000000000000000000?lang=fr', {
      key: null,
      headers: { accept: 'text/html' },
    });
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('Ce lien vers le rapport ne fonctionne plus');
    const byHeader = await api.request('GET', '/r/shr_doesnotexist0000000000000000000000000', {
      key: null,
      headers: { accept: 'text/html', 'accept-language': 'de-CH' },
    });
    expect(byHeader.text).toContain('Dieser Link zum Bericht funktioniert nicht mehr');
  });
});
