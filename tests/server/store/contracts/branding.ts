/** Store.branding() against any store (server/store/contracts/branding.ts): what the report routes rely on. Run by branding.test.ts (registry.ts). */
import { describe, expect, it } from 'vitest';
import type { StoredBranding } from '../../../../server/store/contracts/branding.js';
import type { Store } from '../../../../server/store/contracts/store.js';
import { storePerTest, type StoreSubject } from '../subjects.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

export function describeBrandingContract(subject: StoreSubject): void {
  describe(`BrandingStore contract: ${subject.name}`, () => {
    let store: Store;
    const { reopen } = storePerTest(subject, async (opened) => {
      store = opened;
    });

    it('branding: none at first, replaced as a whole, per account, kept across a reopen', async () => {
      const branding = await store.branding();
      expect(await branding.getBranding('acct_a')).toBeNull();
      const first: StoredBranding = {
        account_id: 'acct_a',
        name: 'Northwind',
        accent: '#0f766e',
        logo: `data:image/png;base64,${'A'.repeat(270_000)}`,
        updated_at: iso(T0),
      };
      await branding.putBranding(first);
      const second: StoredBranding = {
        account_id: 'acct_a',
        name: 'Northwind Digital',
        accent: null,
        logo: null,
        updated_at: iso(T0 + 1000),
      };
      await branding.putBranding(second);
      await branding.putBranding({ account_id: 'acct_b', name: 'Other', accent: '#111111', logo: null, updated_at: iso(T0) });
      expect(await branding.getBranding('acct_a')).toEqual(second);
      await reopen();
      expect(await (await store.branding()).getBranding('acct_a')).toEqual(second);
      expect((await (await store.branding()).getBranding('acct_b'))?.name).toBe('Other');
      expect(await (await store.branding()).getBranding('acct_c')).toBeNull();
    });

    it('branding: parallel puts of one account leave one of them whole', async () => {
      const branding = await store.branding();
      const puts = Array.from({ length: 6 }, (_, i) => ({
        account_id: 'acct_a',
        name: `Name ${i}`,
        accent: null,
        logo: null,
        updated_at: iso(T0 + i),
      }));
      await Promise.all(puts.map((b) => branding.putBranding(b)));
      expect(puts).toContainEqual(await branding.getBranding('acct_a'));
      await reopen();
      expect(puts).toContainEqual(await (await store.branding()).getBranding('acct_a'));
    });
  });
}
