/**
 * The PostgreSQL migrations as files: one per version in server/store/postgres/migrations/ (NNNN-name.ts,
 * NNNN its version), every file listed once in MIGRATIONS in version order, and no released migration
 * edited. A deployed database records the versions it has applied (schema_migrations) and is migrated
 * only by those it lacks, so a released migration must stay exactly as it was: each one's name and the
 * SHA-256 of its SQL are pinned below (the first twelve as they were before the migrations were split into
 * files). A new migration is a new file, one line in MIGRATIONS and one line here.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, type Migration } from '../../../../server/store/postgres/migrations/index.js';

const DIR = path.resolve(import.meta.dirname, '../../../../server/store/postgres/migrations');
const FILE = /^(\d{4})-[a-z0-9-]+\.ts$/;

/** [version, name, SHA-256 of the SQL] of every released migration. */
const RELEASED: ReadonlyArray<[number, string, string]> = [
  [1, 'accounts, keys, audits, prompts, citation results, checks', 'e5965bd9bfb2bddae74042bd8c5adda57c714c6878ce1efb0090242a0dff324b'],
  [
    2,
    'citation_results.import_key: rows copied from a lowdb data directory are copied once',
    '96bc3904de4d8b5d9e5814588086b2ca6d8173a20a809430cce40af27b0bc6c7',
  ],
  [
    3,
    'api_keys.scope and api_keys.expires_at: read-only keys and keys that expire (existing keys: full access, no expiry)',
    '8a1dc5eff3e2ee33fa202cabaed81be15147735979dea9b1073e9707a372808d',
  ],
  [4, 'report branding and share links', '13738bcf6928e6f1b32b9b1c19bbfc2689a61925e45c1de801000e7217ea400c'],
  [5, 'monitors, webhooks, webhook events and deliveries (the outbox)', '7d243fd888717bdd4810ccd34941499c8c1a9bd3ce439557f3cb81e61878d450'],
  [
    6,
    'projects, prompt projects, citation runs and tallies, citation rollups',
    'd9501d30c321cfbe957285d6c92d60a9b126123f7a8026d418e5c0cb0678ad05',
  ],
  [7, 'crawls and their URLs (site audits)', '159b19f5ec4be73aef5ba5d7a2f5555332dbc3501fe322a29bb2677df6d6efea'],
  [
    8,
    'monitors.paused_at: paused monitors (existing monitors: not paused)',
    '90a233c3c74462d1c18d0f369dc012b2b0e8cc319db932895567673b00945411',
  ],
  [
    9,
    'citation_rollup_domains by domain: the engines of the top sources',
    'b38b4a89a9243f9d420e5ee2f9d4b76f077a43a0a022c21ebe54fe4775bf6cc2',
  ],
  [10, 'citation sources as running totals per year', 'b0a0217995d6f576862a8a5752b71133d64604df6e07dd5d472bd6105542bc97'],
  [11, 'citation day rows carry their competitors', '0272098fa3dbad17df59e729b782c607559210455ac1e54be53c15f9600148b9'],
  [12, 'citation sources as running totals over two-year blocks', '88d1414832e8ccc127ded6ee303ab6023f6527d1d27a9a77764764559c229b74'],
  [13, 'monitor_run_budgets: runs each account started per minute', 'b5977203650020859f3ac37febd7167b966a0ae10c168614e8cf57d57322203a'],
  [14, 'maintenance runs (once a day across processes)', '44feff1d873e46d8e415337ac2de5a3e3964d4b217e791fc930c3c48b0a074a9'],
  [
    15,
    "monitors.render: pages rendered by each run (existing monitors: 'none')",
    '4a501e5ef7c9c60334876ed82c31ce0b5c69ae82846c95aa21b02a63af5a2657',
  ],
  [16, 'traffic: log ingests, daily rollups, fetched pages', 'f4a7276881200bd80625b4dece42282292ee28c9cce6738a7fd9320ad79f5590'],
  [17, 'traffic: blocks of days', '8d01ce076c16a7f05f1cd26091844987bc53d3f45120f827c491ce8897c3815c'],
];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Each migration file with the migration it exports. */
async function migrationFiles(): Promise<Array<{ file: string; number: number; migration: Migration }>> {
  const files = readdirSync(DIR).filter((name) => FILE.test(name));
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(pathToFileURL(path.join(DIR, file)).href)) as { migration: Migration };
      return { file, number: Number(FILE.exec(file)![1]), migration: module.migration };
    }),
  );
}

describe('PostgreSQL migrations as files', () => {
  it('the folder holds migration files (NNNN-name.ts), the list (index.ts) and the type (migration.ts), nothing else', () => {
    expect(readdirSync(DIR).filter((name) => !FILE.test(name))).toEqual(['index.ts', 'migration.ts']);
  });

  it('each file holds the migration of the version in its name; MIGRATIONS lists every file once, in version order, from 1 without a gap', async () => {
    const files = await migrationFiles();
    expect(files.map((f) => [f.file, f.migration.version])).toEqual(files.map((f) => [f.file, f.number]));
    expect(MIGRATIONS).toEqual(files.sort((a, b) => a.number - b.number).map((f) => f.migration));
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('no released migration changed (same version, name and SQL), and every migration is pinned here', () => {
    expect(MIGRATIONS.map((m) => [m.version, m.name, sha256(m.sql)])).toEqual(RELEASED);
  });
});
