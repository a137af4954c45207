/**
 * Decodes a Chrome origin-trial token (origin_trials_token_structure.md): base64 of
 * version (1 byte: 2 or 3) | signature (64 bytes) | payload length (4 bytes, big-endian) | JSON
 * payload `{origin, feature, expiry, isSubdomain?, isThirdParty?, usage?}`. The signature is not
 * checked: the token is evidence of intent, and only Chrome can verify it anyway.
 */
export interface OriginTrialToken {
  version: number;
  origin: string;
  feature: string;
  /** Seconds since the epoch. */
  expiry: number;
  isSubdomain: boolean;
  isThirdParty: boolean;
}

export const WEBMCP_TRIAL_FEATURE = 'WebMCP';
const PAYLOAD_OFFSET = 69;
const MAX_TOKEN_CHARS = 4096;

export function decodeOriginTrialToken(token: string): OriginTrialToken | null {
  const text = token.trim();
  if (!text || text.length > MAX_TOKEN_CHARS || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const version = binary.charCodeAt(0);
  if ((version !== 2 && version !== 3) || binary.length < PAYLOAD_OFFSET) return null;
  const length =
    ((binary.charCodeAt(65) << 24) | (binary.charCodeAt(66) << 16) | (binary.charCodeAt(67) << 8) | binary.charCodeAt(68)) >>> 0;
  if (PAYLOAD_OFFSET + length > binary.length) return null;
  const bytes = Uint8Array.from(binary.slice(PAYLOAD_OFFSET, PAYLOAD_OFFSET + length), (c) => c.charCodeAt(0));
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.origin !== 'string' || typeof p.feature !== 'string' || typeof p.expiry !== 'number') return null;
  return {
    version,
    origin: p.origin,
    feature: p.feature,
    expiry: p.expiry,
    isSubdomain: p.isSubdomain === true,
    isThirdParty: p.isThirdParty === true,
  };
}

/** Header and meta values may carry several tokens separated by commas. */
export function splitTokens(value: string): string[] {
  return value.split(/[\s,]+/).filter(Boolean);
}
