/**
 * Cursors of GET /citations (and MCP's list_citations): the JSON position of the last row of a page,
 * `["c1","l",created,prompt_id,engine]` for the latest rows or `["c1","h",seq]` for the history.
 */
import type { CitationCursor } from '../../store/contracts/citations.js';
import { cursorOf, jsonArray } from '../cursor.js';

export const citationCursor = cursorOf<CitationCursor>({
  maxLength: 300,
  write(cursor) {
    const parts = cursor.mode === 'latest' ? ['l', cursor.created, cursor.promptId, cursor.engine] : ['h', cursor.seq];
    return JSON.stringify(['c1', ...parts]);
  },
  read(text) {
    const value = jsonArray(text);
    if (!value || value[0] !== 'c1') return null;
    const [, mode, a, b, c] = value;
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
  },
});
