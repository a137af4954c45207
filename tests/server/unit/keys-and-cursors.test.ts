import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API_KEY_PATTERN, generateApiKey, hashApiKey, sameHash } from '../../../server/auth/api-key.js';
import { canonicalHash } from '../../../server/audits/canonical-hash.js';
import { auditCursor } from '../../../server/routes/audits/audit-cursor.js';

describe('API keys', () => {
  it('are cit_ + 32 base62 characters, distinct, stored as SHA-256 with an 8-character prefix', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const k of keys) {
      expect(k.key).toMatch(API_KEY_PATTERN);
      expect(k.hash).toBe(hashApiKey(k.key));
      expect(k.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(k.prefix).toBe(k.key.slice(0, 8));
    }
    expect(new Set(keys.map((k) => k.key)).size).toBe(200);
    const chars = new Set(keys.flatMap((k) => [...k.key.slice(4)]));
    expect(chars.size).toBeGreaterThan(55); // the whole alphabet shows up
  });

  it('compares hashes in constant time, and only equal ones match', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(sameHash(a.hash, hashApiKey(a.key))).toBe(true);
    expect(sameHash(a.hash, b.hash)).toBe(false);
    expect(sameHash(a.hash, 'abc')).toBe(false);
  });
});

describe('cursors', () => {
  it('round-trip any position and reject anything else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.uuid({ version: 4 }), (time, id) => {
        expect(auditCursor.decode(auditCursor.encode({ time, id }))).toEqual({ time, id });
      }),
    );
    for (const bad of ['', 'abc', '!!!', Buffer.from('v2.1.x').toString('base64url'), 'a'.repeat(300)])
      expect(auditCursor.decode(bad)).toBeNull();
  });
});

describe('canonicalHash', () => {
  it('ignores key order and undefined members, not values', () => {
    expect(canonicalHash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(canonicalHash({ b: { d: 'x', c: [1, 2] }, a: 1, e: undefined }));
    expect(canonicalHash({ a: 1 })).not.toBe(canonicalHash({ a: 2 }));
    expect(canonicalHash([1, 2])).not.toBe(canonicalHash([2, 1]));
  });
});
