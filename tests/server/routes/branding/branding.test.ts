/** GET/PUT /api/v1/branding over real HTTP: validation, the logo checks and sanitising, and the branding in reports. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandingEnvelopeSchema } from '../../../../shared/schema/reports.js';
import { startReportApi, type ReportApi } from '../../helpers/report-api.js';

let api: ReportApi;
beforeAll(async () => {
  api = await startReportApi();
});
afterAll(() => api.closeAll());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 9)]);
const dataUrl = (type: string, bytes: Buffer | string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const put = (body: unknown, key?: string) => api.request('PUT', '/api/v1/branding', { body, ...(key ? { key } : {}) });

describe('branding', () => {
  it('is all null until set', async () => {
    const { accountId: _, key } = await api.newAccount();
    const res = await api.request('GET', '/api/v1/branding', { key });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      branding: { name: null, accent: null, logo: null, contact: null, white_label: false, language: null, updated_at: null },
    });
  });

  it('PUT replaces it as a whole and GET reads it back; another account sees its own', async () => {
    const res = await put({ name: '  Northwind Digital ', accent: '#0F766E', logo: dataUrl('image/png', PNG) });
    expect(res.status).toBe(200);
    const { branding } = brandingEnvelopeSchema.parse(res.json);
    expect(branding).toEqual({
      name: 'Northwind Digital',
      accent: '#0f766e',
      logo: dataUrl('image/png', PNG),
      contact: null,
      white_label: false,
      language: null,
      updated_at: new Date(api.clock.now).toISOString(),
    });
    expect((await api.request('GET', '/api/v1/branding')).json).toEqual({ branding });
    expect((await put({ name: 'Only a name' })).json.branding).toMatchObject({ name: 'Only a name', accent: null, logo: null });
    const other = await api.newAccount();
    expect((await api.request('GET', '/api/v1/branding', { key: other.key })).json.branding.name).toBeNull();
  });

  it('accepts a JPEG, and an SVG stored sanitised', async () => {
    expect((await put({ logo: dataUrl('image/jpeg', JPEG) })).status).toBe(200);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#123456"/><image href="https://evil.example/x.png"/></svg>';
    for (const logo of [dataUrl('image/svg+xml', svg), `data:image/svg+xml,${encodeURIComponent(svg)}`]) {
      const res = await put({ logo });
      expect(res.status).toBe(200);
      const stored = Buffer.from(res.json.branding.logo.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();
      expect(stored).toContain('<rect width="10" height="10" fill="#123456"/>');
      expect(stored).not.toMatch(/script|onload|evil\.example/);
    }
  });

  it.each([
    [{ accent: 'teal' }, /accent/],
    [{ accent: '#12345' }, /accent/],
    [{ name: '' }, /name/],
    [{ name: 'x'.repeat(101) }, /name/],
    [{ colour: '#123456' }, /colour|Unrecognized/i],
    [{ logo: 'https://cdn.example/logo.png' }, /data: URL/],
    [{ logo: dataUrl('image/gif', 'GIF89a') }, /data: URL/],
    [{ logo: dataUrl('image/png', JPEG) }, /not a PNG/],
    [{ logo: dataUrl('image/jpeg', PNG) }, /not a JPEG/],
    [{ logo: dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(200 * 1024)])) }, /200 KB/],
    [{ logo: 'data:image/png;base64,%%%' }, /base64/],
    [{ logo: dataUrl('image/svg+xml', '<html><body>not an svg</body></html>') }, /one <svg> element/],
    [{ contact: 'call us' }, /contact: must be an email address or an http\(s\) address/],
    [{ contact: 'javascript:alert(1)' }, /contact/],
    [{ contact: `a@${'b'.repeat(200)}.example` }, /contact/],
    [{ white_label: 'yes' }, /white_label/],
    [{ language: 'pt' }, /language/],
  ])('400 for %j, saying what is wrong, and the branding stays as it was', async (body, message) => {
    await put({ name: 'Kept' });
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(['error']);
    expect(res.json.error).toMatch(message);
    expect((await api.request('GET', '/api/v1/branding')).json.branding.name).toBe('Kept');
  });

  it('413 beyond 300 KB, 415 without JSON, 401 without a key', async () => {
    expect((await put({ logo: `data:image/png;base64,${'A'.repeat(310 * 1024)}` })).status).toBe(413);
    expect((await api.request('PUT', '/api/v1/branding', { rawBody: 'name=x', headers: { 'content-type': 'text/plain' } })).status).toBe(
      415,
    );
    expect((await api.request('GET', '/api/v1/branding', { key: null })).status).toBe(401);
  });

  it("appears on the account's HTML reports", async () => {
    await put({ name: 'Report Brand Ltd', accent: '#7c3aed', logo: dataUrl('image/png', PNG) });
    const audit = await api.putAudit({});
    const res = await api.request('GET', `/api/v1/audits/${audit.id}/report`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Report Brand Ltd');
    expect(res.text).toContain('--accent: #7c3aed');
    expect(res.text).toContain(`src="${dataUrl('image/png', PNG)}"`);
  });

  it('a contact and white label: the contact at the top of the report, no "with Citable" in its footer', async () => {
    const res = await put({ name: 'North Agency', contact: ' https://north.example/contact ', white_label: true });
    expect(res.status).toBe(200);
    expect(res.json.branding).toMatchObject({ contact: 'https://north.example/contact', white_label: true });
    const audit = await api.putAudit({});
    const report = (await api.request('GET', `/api/v1/audits/${audit.id}/report`)).text;
    expect(report).toContain('<a href="https://north.example/contact">https://north.example/contact</a>');
    expect(report).toMatch(/<footer class="report-footer"><span>Prepared by North Agency · /);
    expect(report).not.toContain('with Citable');
    // Left out, both are cleared: the credit is back.
    expect((await put({ name: 'North Agency', contact: 'hello@north.example' })).json.branding).toMatchObject({ white_label: false });
    const again = (await api.request('GET', `/api/v1/audits/${audit.id}/report`)).text;
    expect(again).toContain('Prepared by North Agency with Citable');
    expect(again).toContain('href="mailto:hello@north.example"');
  });
});
