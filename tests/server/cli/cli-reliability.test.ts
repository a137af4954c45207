import { existsSync } from 'node:fs';
/** What the CLI says about bad arguments and repeated actions, and what it leaves on disk. */
import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstKeyBanner } from '../../../server/app/bootstrap.js';
import { main } from '../../../server/cli/main.js';
import type { Account } from '../../../server/store/contracts/accounts.js';
import { memoryIo } from '../../cli/cli-io.js';

let root: string;
let dataDir: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'citable-cli-'));
  dataDir = path.join(root, 'data'); // not created: each test says whether a command may create it
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function citable(...argv: string[]) {
  const io = memoryIo({ DATA_DIR: dataDir });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const exists = (dir: string) =>
  access(dir).then(
    () => true,
    () => false,
  );

describe("argument errors are clear, one line, in the command's terms", () => {
  it.each([
    [['keys', 'list', '--account'], '--account needs a value: --account VALUE.', 'argument missing'],
    [
      ['keys', 'create', '--account', '--json'],
      '--account needs a value, but the next argument is --json; for a value that starts with a dash write --account=--json.',
      'ambiguous',
    ],
    [['keys', 'list', '--bogus'], 'Unknown option --bogus.', '"--bogus'],
    [['accounts', 'list', '--json=yes'], '--json takes no value (got --json=yes).', 'does not take an argument'],
    [['audit', '-x', 'example.com'], 'Unknown option -x.', '"-x'],
  ])('%j', async (argv, message, nodeText) => {
    const { code, err } = await citable(...argv);
    expect(code).toBe(2);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toContain(message);
    expect(err).not.toContain(nodeText); // Node's own wording, with its unbalanced quote
    expect(err).toContain('Usage: citable');
  });

  it('strips control characters from an option it repeats back', async () => {
    const { err } = await citable('keys', 'list', '--\x1b[31mred');
    expect(err).toContain('Unknown option --[31mred.');
    expect(err).not.toContain('\x1b');
  });

  it('still takes a value that starts with a dash when written --option=value', async () => {
    const { code, out } = await citable('accounts', 'create', '--name=-dash-', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out).name).toBe('-dash-');
  });
});

describe('commands that only read leave no empty data directory behind', () => {
  it('accounts list', async () => {
    const { code, out } = await citable('accounts', 'list');
    expect(code).toBe(0);
    expect(out).toContain('No accounts yet');
    expect(await exists(dataDir)).toBe(false);
    expect(JSON.parse((await citable('accounts', 'list', '--json')).out)).toEqual([]);
    expect(await exists(dataDir)).toBe(false);
  });

  it.each([
    [['keys', 'list', '--account', 'acct_000000000000'], 'no account acct_000000000000'],
    [['keys', 'create', '--account', 'acct_000000000000'], 'no account acct_000000000000'],
    [['keys', 'revoke', 'key_000000000000'], 'no key key_000000000000'],
  ])('%j', async (argv, message) => {
    const { code, err } = await citable(...argv);
    expect(code).toBe(2);
    expect(err).toContain(message);
    expect(await exists(dataDir)).toBe(false);
  });

  it('accounts create does create it', async () => {
    expect((await citable('accounts', 'create', '--name', 'A')).code).toBe(0);
    expect(await exists(dataDir)).toBe(true);
  });
});

describe('revoking a key twice', () => {
  it('says the second time that it was already revoked, and keeps the first time', async () => {
    const account = JSON.parse((await citable('accounts', 'create', '--name', 'A', '--json')).out);
    const { id } = JSON.parse((await citable('keys', 'create', '--account', account.id, '--json')).out);
    const first = await citable('keys', 'revoke', id);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(new RegExp(`^Revoked key ${id} .* at (\\S+)\\.\\n$`));
    const revokedAt = /at (\S+)\.\n$/.exec(first.out)![1];
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later millisecond than the first revocation

    const second = await citable('keys', 'revoke', id);
    expect(second.code).toBe(0);
    expect(second.out).toContain(`was already revoked at ${revokedAt}; nothing changed`);
    expect(second.out).not.toMatch(/^Revoked/);
    const [listed] = JSON.parse((await citable('keys', 'list', '--account', account.id, '--json')).out);
    expect(listed.revoked_at).toBe(revokedAt);
  });
});

describe('the first start\'s "More keys" hint reaches the server\'s store', () => {
  const first = {
    account: { id: 'acct_8HkQ2mV1xYz3', name: 'Default', plan: 'agency', created_at: '2026-01-01T00:00:00.000Z' } as Account,
    key: 'cit_' + 'a'.repeat(32),
  };
  const more = (banner: string) => banner.split('\n').find((line) => line.startsWith('More keys:'));

  it('names DATA_DIR when the server does not use the default ./data', () => {
    const banner = firstKeyBanner(first, 'http://127.0.0.1:8787', { dataDir: '/srv/citable data', dataDirChosen: true, databaseUrl: null });
    expect(more(banner)).toBe("More keys: DATA_DIR='/srv/citable data' npx citable keys create --account acct_8HkQ2mV1xYz3");
  });

  it('is the plain command with the default directory', () => {
    const banner = firstKeyBanner(first, 'http://127.0.0.1:8787', {
      dataDir: path.resolve('data'),
      dataDirChosen: false,
      databaseUrl: null,
    });
    expect(more(banner)).toBe('More keys: npx citable keys create --account acct_8HkQ2mV1xYz3');
  });

  it('with PostgreSQL, the command itself passes DATABASE_URL on (pasted where it is exported, it reaches the database), without printing it', () => {
    const banner = firstKeyBanner(first, 'http://127.0.0.1:8787', {
      dataDir: '/x',
      dataDirChosen: false,
      databaseUrl: 'postgres://u:hunter2@127.0.0.1/db',
    });
    expect(more(banner)).toBe(
      'More keys: DATABASE_URL="$DATABASE_URL" npx citable keys create --account acct_8HkQ2mV1xYz3   (with the server\'s DATABASE_URL in your shell; it is not printed: it may hold a password)',
    );
    expect(banner).not.toContain('hunter2');
  });
});

describe('the CLI names where it looks for accounts', () => {
  it('citable --help and the accounts and keys help name DATABASE_URL and DATA_DIR', async () => {
    const io = memoryIo({});
    expect(await main(['--help'], io)).toBe(0);
    expect(io.out()).toMatch(/accounts create\|list .*DATABASE_URL/);
    expect(io.out()).toMatch(/keys create\|list\|revoke .*DATABASE_URL/);
    expect(io.out()).toMatch(/^ {2}DATABASE_URL /m);
    expect(io.out()).toMatch(/^ {2}DATA_DIR /m);
    for (const command of ['accounts', 'keys']) {
      const help = memoryIo({});
      expect(await main([command, '--help'], help)).toBe(0);
      expect(help.out(), command).toContain('DATABASE_URL');
    }
  });

  it('an unknown account where there is no data directory says where it looked and what to set, and creates nothing', async () => {
    const dir = path.join(os.tmpdir(), `citable-absent-${process.pid}-${Date.now()}`);
    const io = memoryIo({ DATA_DIR: dir });
    expect(await main(['keys', 'create', '--account', 'acct_8HkQ2mV1xYz3'], io)).toBe(2);
    expect(io.err()).toBe(
      `citable keys: no account acct_8HkQ2mV1xYz3: there is no data directory at ${dir}. ` +
        'If the server stores its data in PostgreSQL, set DATABASE_URL as it does; if it uses another directory, set DATA_DIR.\n',
    );
    expect(existsSync(dir)).toBe(false);
  });
});
