/**
 * The `Citable-Signature` header, Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The key is the whole secret string (`whsec_...`) as UTF-8. A receiver recomputes the HMAC over the raw
 * bytes it received, compares in constant time, and refuses timestamps older than its tolerance (default
 * 5 minutes), which stops a captured delivery from being replayed later. Several `v1=` entries are
 * accepted (a receiver rotating secrets may list one per secret).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Citable-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signatureFor(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value for a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `t=${timestamp},v1=${signatureFor(secret, timestamp, rawBody)}`;
}

export type Verification = { ok: true; timestamp: number } | { ok: false; reason: string };

export interface VerifyOptions {
  /** Oldest accepted age of the timestamp, in seconds (default 300); future timestamps get the same slack. */
  toleranceSeconds?: number;
  /** Unix seconds now (test seam). */
  nowSeconds?: number;
}

/** Checks a `Citable-Signature` header against the raw body as received. */
export function verifySignature(
  secret: string,
  header: string | null | undefined,
  rawBody: string | Buffer,
  options: VerifyOptions = {},
): Verification {
  if (!header) return { ok: false, reason: `no ${SIGNATURE_HEADER} header` };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null) return { ok: false, reason: 'the header has no timestamp (t=...)' };
  if (signatures.length === 0) return { ok: false, reason: 'the header has no v1 signature' };
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) {
    return {
      ok: false,
      reason: `the timestamp is ${Math.abs(now - timestamp)} s from now, more than the ${tolerance} s tolerance (a replay, or a wrong clock)`,
    };
  }
  const expected = Buffer.from(signatureFor(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  return matches
    ? { ok: true, timestamp }
    : { ok: false, reason: 'no signature matches: wrong secret, or the body was changed (verify the raw bytes, before any JSON parsing)' };
}
