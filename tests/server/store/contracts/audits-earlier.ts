/**
 * Store.earlierAudits, what the diff's `previous` and the reports' score history read, against any store:
 * the same page by url or final_url (either side), strictly before the anchor, newest first, one account.
 * Run against lowdb and PostgreSQL by audits.test.ts (registry.ts).
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { canonicalHash } from '../../../../server/audits/canonical-hash.js';
import type { Store } from '../../../../server/store/contracts/store.js';
import type { Audit } from '../../../../shared/types/audit.js';
import { storePerTest, type StoreSubject } from '../subjects.js';
import { makeAudit } from '../../../reports/fixtures/audits.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 8, minute)).toISOString();

function auditOf(url: string, minute: number, finalUrl = url, id: string = randomUUID()): Audit {
  return makeAudit({ id, url, final_url: finalUrl, scanned_at: at(minute) });
}

export function describeEarlierAuditsContract(subject: StoreSubject): void {
  describe(`Store.earlierAudits: ${subject.name}`, () => {
    let store: Store;
    const { reopen } = storePerTest(subject, async (opened) => {
      store = opened;
    });
    const put = async (account: string, ...audits: Audit[]) => {
      for (const a of audits) expect(await store.putAudit(account, a, canonicalHash(a))).toBe('created');
    };
    const ids = async (anchor: Audit, limit = 10, account = 'acct_a') =>
      (await store.earlierAudits(account, anchor, limit)).map((a) => a.id);

    it('finds the earlier audits of the same page, newest first, never the anchor or a later one', async () => {
      const first = auditOf('https://a.example/', 1);
      const second = auditOf('https://a.example/', 2);
      const anchor = auditOf('https://a.example/', 3);
      const later = auditOf('https://a.example/', 4);
      const otherPage = auditOf('https://a.example/other', 2);
      await put('acct_a', later, first, anchor, otherPage, second);
      expect(await ids(anchor)).toEqual([second.id, first.id]);
      expect(await ids(anchor, 1)).toEqual([second.id]);
      expect(await ids(first)).toEqual([]);
      const summary = (await store.earlierAudits('acct_a', anchor, 1))[0];
      expect(summary).toEqual({
        id: second.id,
        url: second.url,
        final_url: second.final_url,
        score: second.score,
        builder: second.builder,
        status: 'complete',
        origin: 'server',
        scanned_at: second.scanned_at,
      });
    });

    it('matches the page as submitted or as finally reached, on either side', async () => {
      const bare = auditOf('a.example', 1, 'https://a.example/');
      const viaWww = auditOf('https://www.a.example/', 2, 'https://a.example/');
      const unrelatedFinal = auditOf('https://b.example/', 3, 'https://b.example/');
      const anchor = auditOf('https://a.example/', 5);
      await put('acct_a', bare, viaWww, unrelatedFinal, anchor);
      expect(await ids(anchor)).toEqual([viaWww.id, bare.id]);
      // Anchored on the bare host: the audit submitted as 'a.example' is found by its final URL's peers too.
      const later = auditOf('a.example', 6, 'https://a.example/');
      await put('acct_a', later);
      expect(await ids(later)).toEqual([anchor.id, viaWww.id, bare.id]);
    });

    it('breaks a tie on scanned_at by id, as the list does', async () => {
      const [low, high] = ['00000000-0000-4000-8000-000000000001', 'ffffffff-ffff-4fff-bfff-ffffffffffff'];
      const a = auditOf('https://a.example/', 1, 'https://a.example/', low);
      const b = auditOf('https://a.example/', 1, 'https://a.example/', high);
      await put('acct_a', a, b);
      expect(await ids(b)).toEqual([a.id]);
      expect(await ids(a)).toEqual([]);
      const listed = (await store.listAudits('acct_a', { limit: 10 })).audits.map((x) => x.id);
      expect(listed).toEqual([b.id, a.id]);
    });

    it('keeps accounts apart, and finds nothing for an anchor not stored', async () => {
      const mine = auditOf('https://a.example/', 1);
      const theirs = auditOf('https://a.example/', 2);
      await put('acct_a', mine);
      await put('acct_b', theirs);
      const anchor = auditOf('https://a.example/', 3);
      expect(await ids(anchor)).toEqual([mine.id]);
      expect(await ids(anchor, 10, 'acct_b')).toEqual([theirs.id]);
      expect(await ids(anchor, 10, 'acct_c')).toEqual([]);
    });

    it('finds the same after a reopen', async () => {
      const first = auditOf('https://a.example/', 1);
      const anchor = auditOf('https://a.example/', 2);
      await put('acct_a', first, anchor);
      await reopen();
      expect(await ids(anchor)).toEqual([first.id]);
    });
  });
}
