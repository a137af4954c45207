/** Store.shares() against any store (server/store/contracts/shares.ts): what the report routes rely on. Run by shares.test.ts (registry.ts). */
import { describe, expect, it } from 'vitest';
import type { StoredShare } from '../../../../server/store/contracts/shares.js';
import type { Store } from '../../../../server/store/contracts/store.js';
import { storePerTest, type StoreSubject } from '../subjects.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function share(id: string, overrides: Partial<StoredShare> = {}): StoredShare {
  return {
    id,
    account_id: 'acct_a',
    kind: 'audit',
    target_id: '7e2d1c3b-4a5f-4e6d-9c8b-7a6f5e4d3c2b',
    token_hash: `hash-of-${id}`,
    created_at: iso(T0),
    expires_at: iso(T0 + 30 * DAY),
    revoked_at: null,
    ...overrides,
  };
}

export function describeSharesContract(subject: StoreSubject): void {
  describe(`ShareStore contract: ${subject.name}`, () => {
    let store: Store;
    const { reopen } = storePerTest(subject, async (opened) => {
      store = opened;
    });

    it('shares: found by token hash, listed live and newest first, per account', async () => {
      const shares = await store.shares();
      await shares.createShare(share('shr_old', { created_at: iso(T0 - DAY) }));
      await shares.createShare(share('shr_new'));
      await shares.createShare(share('shr_expired', { created_at: iso(T0 - 40 * DAY), expires_at: iso(T0 - DAY) }));
      await shares.createShare(share('shr_theirs', { account_id: 'acct_b', kind: 'crawl' }));
      expect(await shares.findShareByTokenHash('hash-of-shr_new')).toEqual(share('shr_new'));
      expect(await shares.findShareByTokenHash('hash-of-shr_expired')).toEqual(
        share('shr_expired', { created_at: iso(T0 - 40 * DAY), expires_at: iso(T0 - DAY) }),
      );
      expect(await shares.findShareByTokenHash('unknown')).toBeNull();
      expect((await shares.listLiveShares('acct_a', new Date(T0))).map((s) => s.id)).toEqual(['shr_new', 'shr_old']);
      expect((await shares.listLiveShares('acct_b', new Date(T0))).map((s) => s.kind)).toEqual(['crawl']);
      expect(await shares.listLiveShares('acct_a', new Date(T0 + 31 * DAY))).toEqual([]);
    });

    it('shares: revoked once, by its account only; the revocation survives a reopen', async () => {
      const shares = await store.shares();
      await shares.createShare(share('shr_a'));
      expect(await shares.revokeShare('acct_b', 'shr_a', iso(T0))).toBeNull();
      expect(await shares.revokeShare('acct_a', 'shr_a', iso(T0 + 5))).toEqual(share('shr_a', { revoked_at: iso(T0 + 5) }));
      expect(await shares.revokeShare('acct_a', 'shr_a', iso(T0 + 9))).toBeNull();
      expect(await shares.revokeShare('acct_a', 'shr_none', iso(T0))).toBeNull();
      await reopen();
      const reopened = await store.shares();
      expect((await reopened.findShareByTokenHash('hash-of-shr_a'))?.revoked_at).toBe(iso(T0 + 5));
      expect(await reopened.listLiveShares('acct_a', new Date(T0))).toEqual([]);
    });

    it('shares: a second share with the same id or token hash is refused', async () => {
      const shares = await store.shares();
      await shares.createShare(share('shr_a'));
      await expect(shares.createShare(share('shr_a', { token_hash: 'other' }))).rejects.toThrow();
      await expect(shares.createShare(share('shr_b', { token_hash: 'hash-of-shr_a' }))).rejects.toThrow();
      expect((await shares.listLiveShares('acct_a', new Date(T0))).map((s) => s.id)).toEqual(['shr_a']);
    });
  });
}
