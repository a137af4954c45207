import type { FixKind } from './types.js';

/**
 * The stable id of a fix: a 64-bit FNV-1a hash of what identifies the problem and its target (kind, path,
 * the sorted rules, and which of several fixes of that kind it is), never of the generated content, which
 * changes with the site. Pure and synchronous, so the engine computes it in Node and in the browser.
 */
export function fixId(kind: FixKind, path: string | null, rules: readonly string[], what: string): string {
  const key = [kind, path ?? '', [...rules].sort().join(','), what].join('\n');
  return `fix_${fnv1a64(key)}`;
}

export const FIX_ID_PATTERN = /^fix_[0-9a-f]{16}$/;

const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

function fnv1a64(text: string): string {
  let hash = OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * PRIME) & MASK;
  }
  return hash.toString(16).padStart(16, '0');
}
