/** The Citable-Signature scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>, checked with a tolerance. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '../../server/webhooks/secret.js';
import { signatureHeader, verifySignature } from '../../server/webhooks/signature.js';

const SECRET = 'whsec_0123456789ABCDEFGHIJabcdefghij';
const BODY =
  '{"id":"evt_000000000000000000000001","type":"ping","created_at":"2026-11-21T10:00:00.000Z","data":{"webhook_id":"wh_0000000000000000","message":"hi"}}';
const T = 1_795_000_000;

describe('Citable-Signature', () => {
  it('is the HMAC-SHA256 of "<t>.<raw body>" keyed with the whole secret, in hex', () => {
    const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8'))
      .update(Buffer.from(`${T}.${BODY}`, 'utf8'))
      .digest('hex');
    expect(signatureHeader(SECRET, T, BODY)).toBe(`t=${T},v1=${expected}`);
  });

  it('verifies a header it made, within the tolerance', () => {
    expect(verifySignature(SECRET, signatureHeader(SECRET, T, BODY), BODY, { nowSeconds: T + 299 })).toEqual({ ok: true, timestamp: T });
  });

  it('refuses a changed body, a wrong secret, and an old or far-future timestamp (a replay)', () => {
    const header = signatureHeader(SECRET, T, BODY);
    expect(verifySignature(SECRET, header, BODY.replace('hi', 'ho'), { nowSeconds: T })).toMatchObject({
      ok: false,
      reason: /no signature matches/,
    });
    expect(verifySignature(generateWebhookSecret(), header, BODY, { nowSeconds: T })).toMatchObject({ ok: false });
    expect(verifySignature(SECRET, header, BODY, { nowSeconds: T + 301 })).toMatchObject({ ok: false, reason: /tolerance/ });
    expect(verifySignature(SECRET, header, BODY, { nowSeconds: T - 301 })).toMatchObject({ ok: false, reason: /tolerance/ });
    expect(verifySignature(SECRET, header, BODY, { nowSeconds: T + 1_000, toleranceSeconds: 2_000 }).ok).toBe(true);
  });

  it('refuses malformed headers and accepts any of several v1 signatures (secret rotation)', () => {
    const good = signatureHeader(SECRET, T, BODY);
    const v1 = good.split('v1=')[1]!;
    expect(verifySignature(SECRET, undefined, BODY, { nowSeconds: T })).toMatchObject({ ok: false, reason: /no Citable-Signature/ });
    expect(verifySignature(SECRET, `v1=${v1}`, BODY, { nowSeconds: T })).toMatchObject({ ok: false, reason: /timestamp/ });
    expect(verifySignature(SECRET, `t=${T}`, BODY, { nowSeconds: T })).toMatchObject({ ok: false, reason: /no v1/ });
    expect(verifySignature(SECRET, `t=${T},v1=zz`, BODY, { nowSeconds: T })).toMatchObject({ ok: false, reason: /no v1/ });
    expect(verifySignature(SECRET, `t=${T},v1=${'0'.repeat(64)},v1=${v1}`, BODY, { nowSeconds: T }).ok).toBe(true);
    expect(verifySignature(SECRET, ` t=${T} , v1=${v1.toUpperCase()} `, BODY, { nowSeconds: T }).ok).toBe(true);
  });

  it('makes secrets of whsec_ and 32 base62 characters, all different', () => {
    const secrets = new Set(Array.from({ length: 200 }, generateWebhookSecret));
    expect(secrets.size).toBe(200);
    for (const s of secrets) expect(s).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
  });
});
