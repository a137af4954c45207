/**
 * What every AccountStore does, whatever holds the data (server/store/contracts/accounts.ts): accounts
 * created and listed in order, keys stored by hash with their scope and expiry, revoked once, everything
 * kept across a reopen. Run against lowdb and PostgreSQL by accounts.test.ts (registry.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../../server/store/contracts/store.js';
import { storePerTest, type StoreSubject } from '../subjects.js';

export function describeAccountsContract(subject: StoreSubject): void {
  describe(`AccountStore contract: ${subject.name}`, () => {
    let store: Store;
    const { reopen } = storePerTest(subject, async (opened) => {
      store = opened;
    });

    it('accounts: created with an id and the time, found by id, listed in creation order, kept across a reopen', async () => {
      const a = await store.createAccount({ name: 'Acme Agency', plan: 'agency' });
      const b = await store.createAccount({ name: 'Solo', plan: 'free' });
      expect(a).toMatchObject({ name: 'Acme Agency', plan: 'agency' });
      expect(a.id).toMatch(/^acct_[0-9A-Za-z]{12}$/);
      expect(Number.isNaN(Date.parse(a.created_at))).toBe(false);
      expect(a.id).not.toBe(b.id);
      await reopen();
      expect(await store.getAccount(a.id)).toEqual(a);
      expect(await store.getAccount('acct_unknown00000')).toBeNull();
      expect(await store.listAccounts()).toEqual([a, b]);
    });

    it('keys: stored by hash, listed per account, revoked once (the first time stays), unknown account refused', async () => {
      const account = await store.createAccount({ name: 'A', plan: 'agency' });
      const other = await store.createAccount({ name: 'B', plan: 'pro' });
      const k1 = await store.createKey({ account_id: account.id, name: 'ci', prefix: 'cit_AAAA', hash: 'a'.repeat(64) });
      const k2 = await store.createKey({ account_id: account.id, name: 'laptop', prefix: 'cit_BBBB', hash: 'b'.repeat(64) });
      const k3 = await store.createKey({ account_id: other.id, name: 'x', prefix: 'cit_CCCC', hash: 'c'.repeat(64) });
      expect(k1).toMatchObject({
        account_id: account.id,
        name: 'ci',
        prefix: 'cit_AAAA',
        hash: 'a'.repeat(64),
        revoked_at: null,
        scope: 'full',
        expires_at: null,
      });
      expect(k1.id).toMatch(/^key_[0-9A-Za-z]{12}$/);
      await expect(
        store.createKey({ account_id: 'acct_nobody000000', name: 'x', prefix: 'cit_DDDD', hash: 'd'.repeat(64) }),
      ).rejects.toThrow(/no account/);
      expect(await store.findKeyByHash('b'.repeat(64))).toEqual(k2);
      expect(await store.findKeyByHash('e'.repeat(64))).toBeNull();
      expect(await store.listKeys(account.id)).toEqual([k1, k2]);
      expect(await store.listKeys(other.id)).toEqual([k3]);

      const revoked = await store.revokeKey(k1.id);
      expect(revoked?.revoked_at).toEqual(expect.any(String));
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await store.revokeKey(k1.id))?.revoked_at).toBe(revoked!.revoked_at);
      expect(await store.revokeKey('key_unknown00000')).toBeNull();
      await reopen();
      expect((await store.findKeyByHash('a'.repeat(64)))?.revoked_at).toBe(revoked!.revoked_at);
      expect((await store.findKeyByHash('b'.repeat(64)))?.revoked_at).toBeNull();
    });

    it('keys: a scope and an expiry are stored with the key and read back (default: full access, no expiry)', async () => {
      const account = await store.createAccount({ name: 'A', plan: 'agency' });
      const client = await store.createKey({
        account_id: account.id,
        name: 'client',
        prefix: 'cit_RRRR',
        hash: 'f'.repeat(64),
        scope: 'read',
        expires_at: '2026-12-21T10:00:00.000Z',
      });
      const full = await store.createKey({ account_id: account.id, name: 'ours', prefix: 'cit_FFFF', hash: '1'.repeat(64) });
      expect(client).toMatchObject({ scope: 'read', expires_at: '2026-12-21T10:00:00.000Z' });
      expect(full).toMatchObject({ scope: 'full', expires_at: null });
      await reopen();
      expect(await store.findKeyByHash('f'.repeat(64))).toEqual(client);
      expect(await store.listKeys(account.id)).toEqual([client, full]);
      expect(await store.revokeKey(client.id)).toMatchObject({ scope: 'read', expires_at: '2026-12-21T10:00:00.000Z' });
    });
  });
}
