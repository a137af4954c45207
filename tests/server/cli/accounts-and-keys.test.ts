import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../server/cli/main.js';
import { memoryIo } from '../../cli/cli-io.js';
import { startTestApi } from '../helpers/test-api.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-cli-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function citable(...argv: string[]) {
  const io = memoryIo({ DATA_DIR: dataDir });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

async function allFileText(dir: string): Promise<string> {
  let text = '';
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) text += await readFile(path.join(entry.parentPath, entry.name), 'utf8');
  }
  return text;
}

describe('citable accounts / keys', () => {
  it('creates and lists accounts, creates a key printed once, lists it without the secret, revokes it', async () => {
    const created = await citable('accounts', 'create', '--name', 'Acme Agency', '--plan', 'agency', '--json');
    expect(created.code).toBe(0);
    const account = JSON.parse(created.out);
    expect(account).toMatchObject({ id: expect.stringMatching(/^acct_/), name: 'Acme Agency', plan: 'agency' });

    const listed = await citable('accounts', 'list');
    expect(listed.out).toContain(account.id);
    expect(listed.out).toContain('Acme Agency');

    const key = await citable('keys', 'create', '--account', account.id, '--name', 'ci');
    expect(key.code).toBe(0);
    const secret = /cit_[0-9A-Za-z]{32}/.exec(key.out)?.[0];
    expect(secret).toBeDefined();
    const keyId = /key_[0-9A-Za-z]{12}/.exec(key.out)![0];

    const keys = await citable('keys', 'list', '--account', account.id, '--json');
    const [shown] = JSON.parse(keys.out);
    expect(shown).toMatchObject({ id: keyId, name: 'ci', prefix: secret!.slice(0, 8), revoked_at: null });
    expect(shown.hash).toBeUndefined();
    expect(keys.out).not.toContain(secret!);

    // The secret is nowhere in the data directory: only its SHA-256.
    expect(await allFileText(dataDir)).not.toContain(secret!);

    const revoked = await citable('keys', 'revoke', keyId);
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain(`Revoked key ${keyId}`);
    const after = JSON.parse((await citable('keys', 'list', '--account', account.id, '--json')).out);
    expect(after[0].revoked_at).toEqual(expect.any(String));
  });

  it.each([
    [['accounts', 'create'], /--name is required/],
    [['accounts', 'create', '--name', 'X', '--plan', 'gold'], /--plan must be one of free, pro, agency/],
    [['accounts', 'rename'], /unknown action/],
    [['accounts', 'delete'], /name one account: accounts delete ID --yes/],
    [['keys', 'create'], /--account is required/],
    [['keys', 'create', '--account', 'acct_nope'], /no account acct_nope/],
    [['keys', 'revoke', 'key_nope'], /no key key_nope/],
    [['keys', 'revoke'], /one KEY_ID/],
    [['keys', 'list', '--bogus'], /Unknown option/],
  ])('exit 2 with a message for %j', async (argv, message) => {
    const result = await citable(...(argv as string[]));
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
  });

  it('keys create --scope read --expires-in 30d: a key for a client, shown by keys list; the server honours both', async () => {
    const account = JSON.parse((await citable('accounts', 'create', '--name', 'Agency', '--json')).out);
    const before = Date.now();
    const created = await citable('keys', 'create', '--account', account.id, '--name', 'client', '--scope', 'read', '--expires-in', '30d');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/read-only/);
    expect(created.out).toMatch(/expires at \d{4}-\d{2}-\d{2}T/);
    const json = JSON.parse(
      (await citable('keys', 'create', '--account', account.id, '--scope', 'read', '--expires-in', '30d', '--json')).out,
    );
    expect(json).toMatchObject({ scope: 'read', expires_at: expect.any(String) });
    const days = (Date.parse(json.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(30);
    expect(days).toBeLessThan(30.01);

    const listed = await citable('keys', 'list', '--account', account.id);
    expect(listed.out.split('\n')[0]).toMatch(/SCOPE\s+EXPIRES/);
    expect(listed.out).toMatch(/\bread\b/);
    const all = JSON.parse((await citable('keys', 'list', '--account', account.id, '--json')).out);
    expect(all.map((k: { scope: string }) => k.scope)).toEqual(['read', 'read']);

    const full = JSON.parse((await citable('keys', 'create', '--account', account.id, '--json')).out);
    expect(full).toMatchObject({ scope: 'full', expires_at: null });

    const api = await startTestApi({ dataDir });
    try {
      expect((await api.request('GET', '/api/v1/audits', { key: json.key })).status).toBe(200);
      expect((await api.request('POST', '/api/v1/prompts', { key: json.key, body: { text: 'q', domain: 'acme.com' } })).status).toBe(403);
      expect((await api.request('POST', '/api/v1/prompts', { key: full.key, body: { text: 'q', domain: 'acme.com' } })).status).toBe(201);
    } finally {
      await api.close();
    }
  });

  it.each([
    [['--scope', 'write'], /--scope must be read or full/],
    [['--expires-in', 'soon'], /--expires-in takes a duration such as 30d, 12h or 90m/],
    [['--expires-in', '0d'], /--expires-in takes a duration such as 30d, 12h or 90m/],
  ])('keys create %j: exit 2 with a message, no key', async (extra, message) => {
    const account = JSON.parse((await citable('accounts', 'create', '--name', 'A', '--json')).out);
    const result = await citable('keys', 'create', '--account', account.id, ...extra);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
    expect(JSON.parse((await citable('keys', 'list', '--account', account.id, '--json')).out)).toEqual([]);
  });

  it('keys and accounts files are private to the owner', async () => {
    await citable('accounts', 'create', '--name', 'A');
    expect((await stat(path.join(dataDir, 'accounts.json'))).mode & 0o077).toBe(0);
  });

  it('a running server sees keys the CLI creates and revokes, at the next request', async () => {
    const api = await startTestApi({ dataDir });
    try {
      const account = JSON.parse((await citable('accounts', 'create', '--name', 'Late', '--json')).out);
      const created = await citable('keys', 'create', '--account', account.id, '--json');
      const { id, key } = JSON.parse(created.out);
      expect((await api.request('GET', '/api/v1/audits', { key })).status).toBe(200);
      await citable('keys', 'revoke', id);
      expect((await api.request('GET', '/api/v1/audits', { key })).status).toBe(401);
      // The server's own accounts survived the CLI's writes.
      expect((await api.request('GET', '/api/v1/audits')).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});
