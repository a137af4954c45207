/** Opaque cursors of GET /citations: base64url of a versioned JSON position. */
import type { CitationCursor } from '../store/contracts/citations.js';

export function encodeCitationCursor(cursor: CitationCursor): string {
  const parts = cursor.mode === 'latest' ? ['l', cursor.created, cursor.promptId, cursor.engine] : ['h', cursor.seq];
  return Buffer.from(JSON.stringify(['c1', ...parts])).toString('base64url');
}

/** The position a cursor names, or null when this server did not make it. */
export function decodeCitationCursor(raw: string): CitationCursor | null {
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(raw)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value[0] !== 'c1') return null;
  const [, mode, a, b, c] = value as unknown[];
  if (mode === 'h' && Number.isSafeInteger(a) && value.length === 3) return { mode: 'history', seq: a as number };
  if (
    mode === 'l' &&
    Number.isSafeInteger(a) &&
    typeof b === 'string' &&
    /^prm_[A-Za-z0-9]{16}$/.test(b) &&
    Number.isInteger(c) &&
    value.length === 5
  ) {
    return { mode: 'latest', created: a as number, promptId: b, engine: c as number };
  }
  return null;
}
