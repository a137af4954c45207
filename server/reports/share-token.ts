/**
 * Share tokens: 32 random base62 characters (190 bits), in the link only; the store keeps their SHA-256, as it
 * does for API keys, so a copy of the data opens no report.
 */
import { createHash } from 'node:crypto';
import { randomBase62 } from '../util/base62.js';

export const SHARE_TOKEN_PATTERN = /^[0-9A-Za-z]{32}$/;

export function newShareToken(): { token: string; hash: string } {
  const token = randomBase62(32);
  return { token, hash: hashShareToken(token) };
}

export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `{PUBLIC_URL}/r/{token}`, or the origin the request reached when PUBLIC_URL is not set. */
export function shareUrl(publicUrl: string | null, requestOrigin: string, token: string): string {
  return `${publicUrl ?? requestOrigin}/r/${token}`;
}
