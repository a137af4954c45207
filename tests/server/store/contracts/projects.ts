/**
 * What every ProjectStore does (server/store/contracts/projects.ts), run against lowdb and PostgreSQL by
 * projects.test.ts (registry.ts): projects per account up to the limit (also when created at once), oldest
 * first, an update that replaces a project in its place, deletes, and all of it after a reopen.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectStore, StoredProject } from '../../../../server/store/contracts/projects.js';
import { storePerTest, type StoreSubject } from '../subjects.js';

const A = 'acct_AAAAAAAAAAAA';
const B = 'acct_BBBBBBBBBBBB';

let seq = 0;
function project(account: string, change: Partial<StoredProject> = {}): StoredProject {
  const n = ++seq;
  return {
    id: `prj_${String(n).padStart(16, '0')}`,
    account_id: account,
    name: `Client ${n}`,
    domain: `client${n}.example`,
    aliases: [`shop.client${n}.example`],
    brand: { name: `Client ${n}`, aliases: [], case_sensitive: [] },
    competitors: [{ name: 'Globex', domains: ['globex.com'], aliases: [], case_sensitive: [] }],
    created_at: new Date(Date.UTC(2026, 10, 21, 10, n)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 10, 21, 10, n)).toISOString(),
    ...change,
  };
}

export function describeProjectsContract(subject: StoreSubject): void {
  describe(`ProjectStore contract: ${subject.name}`, () => {
    let projects: ProjectStore;
    const { reopen } = storePerTest(subject, async (store) => {
      projects = await store.projects();
    });

    it('keeps projects per account, oldest first, up to the limit; each found by its own account only', async () => {
      const [one, two] = [project(A), project(A)];
      expect(await projects.create(one, 2)).toBe('created');
      expect(await projects.create(two, 2)).toBe('created');
      expect(await projects.create(project(A), 2)).toBe('limit');
      const theirs = project(B);
      expect(await projects.create(theirs, 2)).toBe('created');
      expect(await projects.list(A)).toEqual([one, two]);
      expect(await projects.list(B)).toEqual([theirs]);
      expect(await projects.list('acct_CCCCCCCCCCCC')).toEqual([]);
      expect(await projects.get(A, one.id)).toEqual(one);
      expect(await projects.get(B, one.id)).toBeNull();
      expect(await projects.get(A, 'prj_0000000000000000')).toBeNull();
    });

    it('creates at once stop at the limit', async () => {
      const outcomes = await Promise.all(Array.from({ length: 6 }, () => projects.create(project(A), 3)));
      expect(outcomes.filter((o) => o === 'created')).toHaveLength(3);
      expect(outcomes.filter((o) => o === 'limit')).toHaveLength(3);
      expect(await projects.list(A)).toHaveLength(3);
    });

    it('an update replaces the whole project and keeps its place; none for an unknown id or another account', async () => {
      const [one, two] = [project(A), project(A)];
      await projects.create(one, 10);
      await projects.create(two, 10);
      const renamed: StoredProject = { ...one, name: 'Renamed', competitors: [], updated_at: '2026-11-22T09:00:00.000Z' };
      expect(await projects.update(renamed)).toBe(true);
      expect(await projects.list(A)).toEqual([renamed, two]);
      expect(await projects.update({ ...two, account_id: B })).toBe(false);
      expect(await projects.update(project(A))).toBe(false);
      expect(await projects.get(A, two.id)).toEqual(two);
      expect(await projects.list(A)).toHaveLength(2);
    });

    it('a delete removes the project once, and only for its account', async () => {
      const [one, two] = [project(A), project(A)];
      await projects.create(one, 10);
      await projects.create(two, 10);
      expect(await projects.delete(B, one.id)).toBe(false);
      expect(await projects.delete(A, one.id)).toBe(true);
      expect(await projects.delete(A, one.id)).toBe(false);
      expect(await projects.get(A, one.id)).toBeNull();
      expect(await projects.list(A)).toEqual([two]);
      expect(await projects.create(project(A), 2)).toBe('created'); // a deleted project counts no more
    });

    it('keeps creates, updates and deletes across a reopen', async () => {
      const [one, two, three] = [project(A), project(A), project(B)];
      for (const p of [one, two, three]) await projects.create(p, 10);
      const renamed = { ...two, name: 'Renamed' };
      await projects.update(renamed);
      await projects.delete(A, one.id);
      await reopen();
      expect(await projects.list(A)).toEqual([renamed]);
      expect(await projects.list(B)).toEqual([three]);
      expect(await projects.get(A, one.id)).toBeNull();
    });
  });
}
