/**
 * API keys under attack: wrong, truncated, over-long, revoked, other accounts' and other plans' keys get
 * the contract's answers; and the time a wrong key takes cannot depend on how much of it matches a real
 * one. That is shown by the design of the check, observed while it runs, not by timing it:
 *  - the presented key goes through SHA-256 first (createHash('sha256').update(key));
 *  - the store is asked for a record by that digest only, never given the key or a piece of it (keys are
 *    stored as digests and an 8-character display prefix, so no stored material could be compared
 *    with the key byte by byte);
 *  - when a record is found, the digests are compared with crypto.timingSafeEqual on two 32-byte buffers;
 *  - keys matching a real key in 0, 16 or 31 of its 32 secret characters produce the very same trace of
 *    these operations and the very same answer.
 */
import { createHash as realCreateHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashApiKey, sameHash } from '../../server/auth/api-key.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';

/** What the crypto module was asked to do, in order. */
const cryptoCalls: Array<{ op: 'hash'; algorithm: string; input: string } | { op: 'timingSafeEqual'; lengths: [number, number] }> = [];

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  return {
    ...original,
    createHash: (algorithm: string) => {
      const hash = original.createHash(algorithm);
      const update = hash.update.bind(hash);
      hash.update = ((data: string | Buffer, ...rest: unknown[]) => {
        cryptoCalls.push({ op: 'hash', algorithm, input: typeof data === 'string' ? data : data.toString('latin1') });
        return (update as (...args: unknown[]) => typeof hash)(data, ...rest);
      }) as typeof hash.update;
      return hash;
    },
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      cryptoCalls.push({ op: 'timingSafeEqual', lengths: [a.byteLength, b.byteLength] });
      return original.timingSafeEqual(a, b);
    },
  };
});

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The key with its secret part (after `cit_`) kept for `matching` characters and changed in every later one. */
function keyMatching(key: string, matching: number): string {
  const secret = key.slice(4);
  const changed = [...secret].map((c, i) => (i < matching ? c : BASE62[(BASE62.indexOf(c) + 7) % 62]!)).join('');
  return `cit_${changed}`;
}

let api: TestApi;
/** Every call the app made to the store during a request, with its arguments. */
const storeCalls: Array<{ method: string; args: unknown[] }> = [];
let other: { accountId: string; key: string };
let revokedKey: string;
let proKey: string;
let auditId: string;

beforeAll(async () => {
  api = await startTestApi();
  // Record every store call (by wrapping the instance the app holds).
  const store = api.store as unknown as Record<string, unknown>;
  for (const name of [
    'findKeyByHash',
    'getAccount',
    'listAccounts',
    'listKeys',
    'createKey',
    'revokeKey',
    'putAudit',
    'getAuditJson',
    'getAuditRecord',
    'listAudits',
  ]) {
    const original = (store[name] as (...args: unknown[]) => unknown).bind(store);
    store[name] = (...args: unknown[]) => {
      storeCalls.push({ method: name, args });
      return original(...args);
    };
  }
  other = await api.newAccount('agency');
  proKey = (await api.newAccount('pro')).key;
  const revoked = await api.newKey(api.accountId);
  await api.store.revokeKey(revoked.keyId);
  revokedKey = revoked.key;
  const audit = extensionAudit();
  expect((await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } })).status).toBe(201);
  auditId = audit.id;
});
afterAll(() => api?.close({ removeData: true }));
beforeEach(() => {
  cryptoCalls.length = 0;
  storeCalls.length = 0;
});

const get = (pathname: string, key: string | null, headers: Record<string, string> = {}) => api.request('GET', pathname, { key, headers });

describe('wrong, truncated, revoked and other keys', () => {
  it('no key: 401 with WWW-Authenticate: Bearer realm="citable"', async () => {
    const res = await get('/api/v1/audits', null);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="citable"');
    expect(res.json).toEqual({ error: expect.stringContaining('Missing API key') });
  });

  it.each([
    ['a well-formed key nobody holds', () => keyMatching(api.key, 0), 'Unknown API key'],
    ['the key truncated by one character', () => api.key.slice(0, -1), 'Malformed API key'],
    ['the key truncated to its display prefix', () => api.key.slice(0, 8), 'Malformed API key'],
    ['the key with one character more', () => `${api.key}x`, 'Malformed API key'],
    ['the key in lower case', () => api.key.toLowerCase(), 'Unknown API key'],
    ['a revoked key', () => revokedKey, 'This API key has been revoked'],
  ])('%s: 401 invalid_token', async (_name, key, message) => {
    const res = await get(`/api/v1/audits/${auditId}`, key());
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="citable", error="invalid_token"');
    expect(res.json).toEqual({ error: expect.stringContaining(message) });
  });

  it('a scheme other than Bearer: 401 invalid_request', async () => {
    const res = await api.request('GET', '/api/v1/audits', {
      key: null,
      headers: { authorization: `Basic ${Buffer.from(`x:${api.key}`).toString('base64')}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="citable", error="invalid_request"');
  });

  it("another account's key: its audits are not found (404), not listed, and cannot be overwritten (409)", async () => {
    const read = await get(`/api/v1/audits/${auditId}`, other.key);
    expect(read.status).toBe(404);
    expect(read.json).toEqual({ error: 'Audit not found' });
    const listed = await get('/api/v1/audits', other.key);
    expect(listed.json.audits.map((a: { id: string }) => a.id)).not.toContain(auditId);
    const audit = JSON.parse((await get(`/api/v1/audits/${auditId}`, api.key)).text).audit;
    const write = await api.request('PUT', `/api/v1/audits/${auditId}`, { key: other.key, body: { audit } });
    expect(write.status).toBe(409);
    expect((await get(`/api/v1/audits/${auditId}`, api.key)).json.audit).toEqual(audit);
  });

  it('a valid key of an account not on the Agency plan: 403', async () => {
    const res = await get('/api/v1/audits', proKey);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: 'The API requires the Agency plan (this account is on the Pro plan)' });
  });
});

describe('a wrong key takes the same path however much of it matches (constant time by design)', () => {
  /** The security-relevant trace of one request: crypto operations and store lookups, with sizes, not values. */
  async function trace(key: string) {
    cryptoCalls.length = 0;
    storeCalls.length = 0;
    const res = await get('/api/v1/audits', key);
    const keyHashes = cryptoCalls.filter((c) => c.op === 'hash' && c.input === key);
    return {
      res,
      keyHashes,
      lookups: storeCalls.filter((c) => c.method === 'findKeyByHash').map((c) => c.args),
      shape: {
        status: res.status,
        body: res.text,
        authenticate: res.headers.get('www-authenticate'),
        keyHashed: keyHashes.map((c) => (c.op === 'hash' ? c.algorithm : '')),
        store: storeCalls.map(
          (c) => `${c.method}(${c.args.map((a) => (typeof a === 'string' ? `string[${a.length}]` : typeof a)).join(', ')})`,
        ),
        compares: cryptoCalls.filter((c) => c.op === 'timingSafeEqual').map((c) => (c.op === 'timingSafeEqual' ? c.lengths : [])),
      },
    };
  }

  it.each([0, 16, 31])('a key matching %i of 32 characters: hashed first, looked up by its SHA-256 only', async (matching) => {
    const presented = keyMatching(api.key, matching);
    expect(presented).toHaveLength(api.key.length);
    const { res, keyHashes, lookups } = await trace(presented);
    expect(res.status).toBe(401);
    expect(keyHashes).toEqual([{ op: 'hash', algorithm: 'sha256', input: presented }]);
    expect(lookups).toEqual([[hashApiKey(presented)]]);
    expect(hashApiKey(presented)).toMatch(/^[0-9a-f]{64}$/);
    // No store call ever received the key or a piece of its secret part longer than the public prefix.
    const secret = presented.slice(4);
    for (const call of storeCalls) expect(JSON.stringify(call.args)).not.toContain(secret.slice(4, 12));
  });

  it('keys matching 0, 16 and 31 characters leave identical traces and answers', async () => {
    const shapes = [];
    for (const m of [0, 16, 31]) shapes.push((await trace(keyMatching(api.key, m))).shape); // one at a time: the logs are shared
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect(shapes[0]!.store).toEqual(['findKeyByHash(string[64])']);
    expect(shapes[0]!.compares).toEqual([]); // no record has that digest: nothing to compare at all
  });

  it('the right key: its digest is compared with crypto.timingSafeEqual on two 32-byte buffers', async () => {
    const { res, lookups, shape } = await trace(api.key);
    expect(res.status).toBe(200);
    expect(lookups).toEqual([[hashApiKey(api.key)]]);
    expect(shape.compares).toEqual([[32, 32]]);
  });

  it('sameHash compares 32-byte digests with timingSafeEqual, whatever the inputs', () => {
    const a = realCreateHash('sha256').update('a').digest('hex');
    const b = realCreateHash('sha256').update('b').digest('hex');
    cryptoCalls.length = 0;
    expect(sameHash(a, a)).toBe(true);
    expect(sameHash(a, b)).toBe(false);
    expect(sameHash(a, `${a.slice(0, 63)}${a[63] === '0' ? '1' : '0'}`)).toBe(false);
    expect(cryptoCalls).toEqual([
      { op: 'timingSafeEqual', lengths: [32, 32] },
      { op: 'timingSafeEqual', lengths: [32, 32] },
      { op: 'timingSafeEqual', lengths: [32, 32] },
    ]);
  });

  it('the data directory holds no key, only digests and display prefixes', async () => {
    const accounts = await readFile(path.join(api.dataDir, 'accounts.json'), 'utf8');
    for (const key of [api.key, other.key, revokedKey, proKey]) {
      expect(accounts).not.toContain(key.slice(4));
      expect(accounts).toContain(hashApiKey(key));
    }
  });
});
