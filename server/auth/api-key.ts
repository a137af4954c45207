/** API keys: `cit_` + 32 random base62 characters, shown once, stored as SHA-256 plus a display prefix. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '../util/base62.js';

export const API_KEY_PATTERN = /^cit_[0-9A-Za-z]{32}$/;

export interface NewApiKey {
  /** The secret: give it to the user once, never store it. */
  key: string;
  hash: string;
  prefix: string;
}

export function generateApiKey(): NewApiKey {
  const key = `cit_${randomBase62(32)}`;
  return { key, hash: hashApiKey(key), prefix: displayPrefix(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Enough to tell keys apart in a list (`cit_AbCd`), far too little to guess the rest. */
export function displayPrefix(key: string): string {
  return key.slice(0, 8);
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
