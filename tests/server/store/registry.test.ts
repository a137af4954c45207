/**
 * The store's resources are complete: every resource with an interface in server/store/contracts/ (a file
 * named after it, as `citations.ts`; `store.ts` is the Store that gathers them, `<resource>-<part>.ts` a
 * part shared by its implementations) has a lowdb and a PostgreSQL implementation of the same file name,
 * is copied by `citable migrate` (server/store/migrate-lowdb/<resource>.ts: a resource it does not copy
 * is lost in a move to PostgreSQL), and has contract suites (tests/server/store/contracts/registry.ts)
 * that its test file runs on both stores.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_SUITES } from './contracts/registry.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const STORE = path.join(ROOT, 'server/store');
const SUITES = path.join(ROOT, 'tests/server/store/contracts');

/** The resources, from the interface files in server/store/contracts/. */
function resources(): string[] {
  return readdirSync(path.join(STORE, 'contracts'))
    .filter((file) => /^[a-z]+\.ts$/.test(file) && file !== 'store.ts')
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

/** The resources whose file `dir/<resource>.ts` does not exist. */
const lacking = (dir: string) => resources().filter((resource) => !existsSync(path.join(dir, `${resource}.ts`)));

describe('the store registry', () => {
  it('finds the resources in server/store/contracts/', () => {
    expect(resources()).toEqual(expect.arrayContaining(['accounts', 'audits', 'citations', 'crawls', 'webhooks']));
  });

  it('every resource has a lowdb and a PostgreSQL implementation of its name, and the Store of each engine is store.ts', () => {
    expect({ lowdb: lacking(path.join(STORE, 'lowdb')), postgres: lacking(path.join(STORE, 'postgres')) }).toEqual({
      lowdb: [],
      postgres: [],
    });
    expect([existsSync(path.join(STORE, 'lowdb/store.ts')), existsSync(path.join(STORE, 'postgres/store.ts'))]).toEqual([true, true]);
  });

  it('every resource is copied by citable migrate (server/store/migrate-lowdb/<resource>.ts)', () => {
    expect(lacking(path.join(STORE, 'migrate-lowdb'))).toEqual([]);
  });

  it('every resource has contract suites, and no suite is registered for a resource that is not one', () => {
    expect(Object.keys(CONTRACT_SUITES).sort()).toEqual(resources());
    expect(Object.entries(CONTRACT_SUITES).filter(([, suites]) => suites.length === 0)).toEqual([]);
  });

  it("every resource's suites run on both stores: its test file calls describeContracts for it", () => {
    const runs = (resource: string) => {
      const file = path.join(SUITES, `${resource}.test.ts`);
      return existsSync(file) && readFileSync(file, 'utf8').includes(`describeContracts('${resource}');`);
    };
    expect(resources().filter((resource) => !runs(resource))).toEqual([]);
  });
});
