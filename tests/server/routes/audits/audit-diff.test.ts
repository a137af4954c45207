/** GET /api/v1/audits/{id}/diff over real HTTP: against previous, against an id, and every refusal. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { canonicalHash } from '../../../../server/audits/canonical-hash.js';
import { auditDiffEnvelopeSchema } from '../../../../shared/schema/audit-diff.js';
import type { Audit } from '../../../../shared/types/audit.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';
import { crawler, issue, makeAudit } from '../../../reports/fixtures/audits.js';

let api: TestApi;
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`;
const first = makeAudit({ id: randomUUID(), scanned_at: at(1), score: 80, issues: [issue('llms-txt.present', 'notice', 'AI Discovery')] });
const second = makeAudit({
  id: randomUUID(),
  scanned_at: at(8),
  url: 'client.example/pricing', // submitted bare: the same page by its final URL
  score: 45,
  issues: [issue('robots.search-agents-blocked', 'critical', 'Crawler Access', 'Search agents blocked')],
  crawlers: [crawler('OAI-SearchBot', 'blocked'), crawler('GPTBot', 'allowed', 'training')],
});
const otherPage = makeAudit({
  id: randomUUID(),
  scanned_at: at(5),
  url: 'https://client.example/about',
  final_url: 'https://client.example/about',
});

const put = async (account: string, audit: Audit) => expect(await api.store.putAudit(account, audit, canonicalHash(audit))).toBe('created');

beforeAll(async () => {
  api = await startTestApi();
  for (const audit of [first, second, otherPage]) await put(api.accountId, audit);
});
afterAll(() => api.close({ removeData: true }));

describe('GET /api/v1/audits/{id}/diff', () => {
  it('against previous (the default): the latest earlier audit of the same page', async () => {
    for (const query of ['', '?against=previous']) {
      const res = await api.request('GET', `/api/v1/audits/${second.id}/diff${query}`);
      expect(res.status).toBe(200);
      const { diff } = auditDiffEnvelopeSchema.parse(res.json);
      expect(diff).toMatchObject({ from: first.id, to: second.id, score: { from: 80, to: 45, delta: -35 } });
      expect(diff.new_issues).toEqual([
        { rule: 'robots.search-agents-blocked', severity: 'critical', category: 'Crawler Access', title: 'Search agents blocked' },
      ]);
      expect(diff.fixed_issues.map((i) => i.rule)).toEqual(['llms-txt.present']);
      expect(diff.crawlers).toEqual([{ agent: 'OAI-SearchBot', from: 'allowed', to: 'blocked' }]);
    }
  });

  it('against an audit id, of any page of the account (upper-case ids too)', async () => {
    const res = await api.request('GET', `/api/v1/audits/${second.id.toUpperCase()}/diff?against=${otherPage.id.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.json.diff).toMatchObject({ from: otherPage.id, to: second.id });
  });

  it('404 when there is no earlier audit of the page', async () => {
    const res = await api.request('GET', `/api/v1/audits/${first.id}/diff`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'No earlier audit of this URL to compare against' });
  });

  it("404 for an unknown audit, an unknown against, and another account's audits on either side", async () => {
    const other = await api.newAccount();
    const theirs = makeAudit({ id: randomUUID(), scanned_at: at(3) });
    await put(other.accountId, theirs);
    const cases = [
      [`/api/v1/audits/${randomUUID()}/diff`, 'Audit not found'],
      [`/api/v1/audits/${theirs.id}/diff`, 'Audit not found'],
      [`/api/v1/audits/${second.id}/diff?against=${randomUUID()}`, 'Audit to compare against not found'],
      [`/api/v1/audits/${second.id}/diff?against=${theirs.id}`, 'Audit to compare against not found'],
      ['/api/v1/audits/not-a-uuid/diff', 'Audit not found'],
    ];
    for (const [path, error] of cases) {
      const res = await api.request('GET', path!);
      expect([path, res.status, res.json]).toEqual([path, 404, { error }]);
    }
    // Their own previous ignores this account's audits of the same page.
    expect((await api.request('GET', `/api/v1/audits/${theirs.id}/diff`, { key: other.key })).status).toBe(404);
  });

  it('400 for an against that is neither previous nor a UUID, or given twice', async () => {
    for (const query of ['?against=latest', `?against=previous&against=${first.id}`, '?against=']) {
      const res = await api.request('GET', `/api/v1/audits/${second.id}/diff${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.json)).toEqual(['error']);
    }
  });

  it('needs a key', async () => {
    expect((await api.request('GET', `/api/v1/audits/${second.id}/diff`, { key: null })).status).toBe(401);
  });
});
