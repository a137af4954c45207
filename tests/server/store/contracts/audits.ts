/**
 * What every AuditStore does, whatever holds the data (server/store/contracts/audits.ts): audits with
 * idempotent puts, newest-first listing with cursors, reopening. Run against lowdb and PostgreSQL by
 * audits.test.ts (registry.ts); what only lowdb does (its files and journal) is in ../lowdb/audits.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { canonicalHash } from '../../../../server/audits/canonical-hash.js';
import type { Store } from '../../../../server/store/contracts/store.js';
import type { Audit } from '../../../../shared/types/audit.js';
import { extensionAudit } from '../../helpers/extension-audit.js';
import { storePerTest, type StoreSubject } from '../subjects.js';

function auditAt(scannedAt: string, url = 'https://shop.example/'): Audit {
  return { ...extensionAudit(), scanned_at: scannedAt, url, final_url: url };
}

export function describeAuditsContract(subject: StoreSubject): void {
  describe(`AuditStore contract: ${subject.name}`, () => {
    let store: Store;
    const { reopen } = storePerTest(subject, async (opened) => {
      store = opened;
    });

    it('put: created, identical, conflict (other content or other account)', async () => {
      const audit = extensionAudit();
      expect(await store.putAudit('acct_a', audit, canonicalHash(audit))).toBe('created');
      expect(await store.putAudit('acct_a', audit, canonicalHash(audit))).toBe('identical');
      const changed = { ...audit, score: 1 };
      expect(await store.putAudit('acct_a', changed, canonicalHash(changed))).toBe('conflict');
      expect(await store.putAudit('acct_b', audit, canonicalHash(audit))).toBe('conflict');
      expect(JSON.parse(String(await store.getAuditJson('acct_a', audit.id)))).toEqual(audit);
      expect(await store.getAuditJson('acct_b', audit.id)).toBeNull();
    });

    it('serves the stored bytes exactly as written, and the index record of the owner only', async () => {
      const audit = extensionAudit();
      await store.putAudit('acct_a', audit, canonicalHash(audit));
      expect(String(await store.getAuditJson('acct_a', audit.id))).toBe(JSON.stringify(audit));
      expect(await store.getAuditRecord('acct_a', audit.id)).toEqual({
        id: audit.id,
        url: audit.url,
        final_url: audit.final_url,
        score: audit.score,
        builder: audit.builder,
        status: audit.status,
        origin: audit.origin,
        scanned_at: audit.scanned_at,
        account_id: 'acct_a',
        hash: canonicalHash(audit),
      });
      expect(await store.getAuditRecord('acct_b', audit.id)).toBeNull();
      expect(await store.getAuditJson('acct_a', '00000000-0000-4000-8000-000000000000')).toBeNull();
    });

    it('parallel puts of one id: exactly one is created, the same content is identical, other content conflicts', async () => {
      const audit = extensionAudit();
      const same = await Promise.all(Array.from({ length: 8 }, () => store.putAudit('acct_a', audit, canonicalHash(audit))));
      expect(same.filter((o) => o === 'created')).toHaveLength(1);
      expect(same.filter((o) => o === 'identical')).toHaveLength(7);
      const other = extensionAudit();
      const variants = Array.from({ length: 6 }, (_, i) => ({ ...other, score: i }));
      const outcomes = await Promise.all(variants.map((v) => store.putAudit('acct_a', v, canonicalHash(v))));
      expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'conflict')).toHaveLength(5);
      const winner = variants[outcomes.indexOf('created')]!;
      expect(JSON.parse(String(await store.getAuditJson('acct_a', other.id)))).toEqual(winner);
      expect(await store.countAudits()).toBe(2);
    });

    it('lists newest scanned_at first, also when an older audit is synced later', async () => {
      const a = auditAt('2026-11-21T10:00:00.000Z');
      const b = auditAt('2026-11-21T12:00:00.000Z');
      const old = auditAt('2026-11-20T09:00:00.000+02:00');
      const c = auditAt('2026-11-21T11:00:00.000+00:00');
      for (const audit of [a, b, old, c]) await store.putAudit('acct_a', audit, canonicalHash(audit));
      const page = await store.listAudits('acct_a', { limit: 10 });
      expect(page.audits.map((x) => x.id)).toEqual([b.id, c.id, a.id, old.id]);
      expect(page.next).toBeNull();
      expect(page.audits.map((x) => x.scanned_at)).toEqual([b.scanned_at, c.scanned_at, a.scanned_at, old.scanned_at]); // as stored, offsets kept
    });

    it('pages with cursors without gaps or repeats, ties on scanned_at broken by id; accounts kept apart', async () => {
      const audits = Array.from({ length: 23 }, (_, i) => auditAt(new Date(Date.UTC(2026, 10, 21, 0, Math.floor(i / 3))).toISOString()));
      for (const a of audits) await store.putAudit('acct_a', a, canonicalHash(a));
      const foreign = extensionAudit();
      await store.putAudit('acct_b', foreign, canonicalHash(foreign));
      const seen: string[] = [];
      let after;
      do {
        const page: Awaited<ReturnType<Store['listAudits']>> = await store.listAudits('acct_a', { limit: 5, after });
        expect(page.audits.length).toBeLessThanOrEqual(5);
        seen.push(...page.audits.map((a) => a.id));
        after = page.next ?? undefined;
      } while (after);
      const expected = [...audits]
        .sort((x, y) => Date.parse(y.scanned_at) - Date.parse(x.scanned_at) || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0))
        .map((a) => a.id);
      expect(seen).toEqual(expected);
      expect((await store.listAudits('acct_b', { limit: 50 })).audits.map((a) => a.id)).toEqual([foreign.id]);
      expect(await store.listAudits('acct_c', { limit: 50 })).toEqual({ audits: [], next: null });
    });

    it('filters the list by url or final_url, exactly, with cursors', async () => {
      const plain = Array.from({ length: 4 }, (_, i) =>
        auditAt(new Date(Date.UTC(2026, 10, 21, 1, i)).toISOString(), 'https://a.example/'),
      );
      const redirected = { ...auditAt('2026-11-21T05:00:00.000Z', 'a.example'), final_url: 'https://a.example/' };
      const other = auditAt('2026-11-21T06:00:00.000Z', 'https://a.example/other');
      for (const a of [...plain, redirected, other]) await store.putAudit('acct_a', a, canonicalHash(a));
      const first = await store.listAudits('acct_a', { limit: 3, url: 'https://a.example/' });
      expect(first.audits.map((a) => a.id)).toEqual([redirected.id, plain[3]!.id, plain[2]!.id]);
      const second = await store.listAudits('acct_a', { limit: 3, url: 'https://a.example/', after: first.next! });
      expect(second.audits.map((a) => a.id)).toEqual([plain[1]!.id, plain[0]!.id]);
      expect(second.next).toBeNull();
      expect((await store.listAudits('acct_a', { limit: 10, url: 'a.example' })).audits.map((a) => a.id)).toEqual([redirected.id]);
      expect((await store.listAudits('acct_a', { limit: 10, url: 'https://a.example' })).audits).toEqual([]);
    });

    it('reopening restores every stored audit and the index', async () => {
      const audits = Array.from({ length: 25 }, (_, i) => auditAt(new Date(Date.UTC(2026, 10, 21, 0, i)).toISOString()));
      await Promise.all(audits.map((a) => store.putAudit('acct_a', a, canonicalHash(a))));
      await reopen();
      expect(await store.countAudits()).toBe(25);
      for (const a of audits) expect(JSON.parse(String(await store.getAuditJson('acct_a', a.id)))).toEqual(a);
      const page = await store.listAudits('acct_a', { limit: 5 });
      expect(page.audits[0]!.id).toBe(audits[24]!.id);
    });
  });
}
