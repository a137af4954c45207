/**
 * Deleting an account (contracts/store-maintenance.ts), on both stores: what it held is counted the same
 * way before and returned by the deletion; afterwards nothing of it answers (keys, audits, crawls, shares,
 * branding, monitors, webhooks, projects, prompts, rows, rollups, checks, its pairs in the scheduler's
 * checks), before and after a reopen, while another account's records are all still there. That nothing of
 * it is left on disk or in the database is checked by tests/server/cli/accounts-delete.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../../server/store/contracts/store.js';
import { type StoreSubject, storePerTest } from '../subjects.js';
import { scopesOf, seedAccount, SEEDED_RECORDS, sharedCheck, type SeededAccount } from './account-records.js';

const WINDOW = { since: '2020-01-01', until: '2099-12-31' };

/** What the store answers about the account, through every reader. */
async function visible(store: Store, a: SeededAccount, sharedCheckId: string) {
  const citations = await store.citations();
  return {
    account: (await store.getAccount(a.accountId))?.id ?? null,
    key: (await store.findKeyByHash(a.keyHash))?.account_id ?? null,
    audit: (await store.getAuditJson(a.accountId, a.auditId)) !== null,
    audits: (await store.listAudits(a.accountId, { limit: 10 })).audits.length,
    crawl: (await (await store.crawls()).crawlById(a.crawlId))?.id ?? null,
    share: (await (await store.shares()).findShareByTokenHash(a.shareTokenHash))?.id !== undefined,
    branding: (await (await store.branding()).getBranding(a.accountId)) !== null,
    monitors: (await (await store.monitors()).listMonitors(a.accountId)).length,
    webhooks: (await (await store.webhooks()).listWebhooks(a.accountId)).length,
    projects: (await (await store.projects()).list(a.accountId)).length,
    prompts: (await citations.listPrompts(a.accountId)).length,
    everyonesPrompts: (await citations.allPrompts()).filter((p) => p.account_id === a.accountId).length,
    rows: (await citations.listResults(a.accountId, { limit: 10, history: true })).rows.length,
    latest: Object.keys(await citations.latestResults(a.prompts[0]!.id)).length,
    rollups: (await citations.dayTallies(scopesOf(a), WINDOW)).length,
    check: (await citations.getCheck(a.manualCheckId)) !== null,
    inSharedCheck: (await citations.getCheck(sharedCheckId))!.pairs.filter((p) => a.prompts.some((q) => q.id === p.prompt_id)).length,
  };
}

const PRESENT = {
  audit: true,
  audits: 1,
  share: true,
  branding: true,
  monitors: 1,
  webhooks: 1,
  projects: 1,
  prompts: 2,
  everyonesPrompts: 2,
  rows: 2,
  latest: 1,
  rollups: 1,
  check: true,
  inSharedCheck: 2,
};

const GONE = {
  account: null,
  key: null,
  audit: false,
  audits: 0,
  crawl: null,
  share: false,
  branding: false,
  monitors: 0,
  webhooks: 0,
  projects: 0,
  prompts: 0,
  everyonesPrompts: 0,
  rows: 0,
  latest: 0,
  rollups: 0,
  check: false,
  inSharedCheck: 0,
};

export function describeAccountDeletionContract(subject: StoreSubject): void {
  describe(`account deletion contract: ${subject.name}`, () => {
    let store: Store;
    const lifecycle = storePerTest(subject, async (opened) => {
      store = opened;
    });

    it('counts what an account holds, and null for an account that does not exist', async () => {
      const a = await seedAccount(store, 'alpha');
      expect(await store.accountRecords(a.accountId)).toEqual(SEEDED_RECORDS);
      expect(await store.accountRecords('acct_NOSUCHACCOUNT')).toBeNull();
      expect(await store.deleteAccount('acct_NOSUCHACCOUNT')).toBeNull();
    });

    it('removes every record of the account and nothing of another one, before and after a reopen', async () => {
      const a = await seedAccount(store, 'alpha');
      const b = await seedAccount(store, 'bravo');
      const shared = await sharedCheck(store, [a, b]);
      const bBefore = await visible(store, b, shared);
      expect(bBefore).toMatchObject({ ...PRESENT, account: b.accountId, key: b.accountId, crawl: b.crawlId });
      expect(await visible(store, a, shared)).toMatchObject(PRESENT);

      expect(await store.deleteAccount(a.accountId)).toEqual(SEEDED_RECORDS);
      expect(await visible(store, a, shared)).toEqual(GONE);
      expect(await visible(store, b, shared)).toEqual(bBefore);
      expect(await store.accountRecords(b.accountId)).toEqual(SEEDED_RECORDS);
      expect(await store.deleteAccount(a.accountId)).toBeNull();

      await lifecycle.reopen();
      expect(await visible(store, a, shared)).toEqual(GONE);
      expect(await visible(store, b, shared)).toEqual(bBefore);
      // What stays works as before: B's pages list still names its audit, and new writes go through.
      expect((await (await store.crawls()).listPages(b.accountId, b.crawlId, { limit: 10 }))!.pages.map((p) => p.audit_id)).toEqual([
        b.auditId,
      ]);
      await seedAccount(store, 'charlie');
    });
  });
}
