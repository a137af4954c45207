/**
 * Every list route's cursor through the one helper (server/routes/cursor.ts): each format still reads
 * the cursors the server made before the helper existed (clients may hold them), round-trips any
 * position, and refuses anything it did not make with the same 400.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/http/http-error.js';
import { auditCursor } from '../../../server/routes/audits/audit-cursor.js';
import { citationCursor } from '../../../server/routes/citations/citation-cursor.js';
import { runCursor } from '../../../server/routes/citations/list-citation-runs.js';
import { pagesCursor } from '../../../server/routes/crawls/list-crawl-pages.js';
import { cursorOf, INVALID_CURSOR } from '../../../server/routes/cursor.js';
import { deliveryCursor } from '../../../server/routes/webhooks/list-deliveries.js';

/** Cursors as the hand-written codecs made them, with the positions they name. */
const EARLIER_CURSORS = [
  {
    cursor: auditCursor,
    text: 'djEuMTc2NzIyNTYwMDAwMC4zZjFjMmE0ZS04YjlkLTRlN2YtYTFiMi1jM2Q0ZTVmNmE3Yjg',
    position: { time: 1767225600000, id: '3f1c2a4e-8b9d-4e7f-a1b2-c3d4e5f6a7b8' },
  },
  {
    cursor: citationCursor,
    text: 'WyJjMSIsImwiLDE3NjcyMjU2MDAwMDAsInBybV8wMTIzNDU2Nzg5YWJjZGVmIiwyXQ',
    position: { mode: 'latest', created: 1767225600000, promptId: 'prm_0123456789abcdef', engine: 2 },
  },
  { cursor: citationCursor, text: 'WyJjMSIsImgiLDQyXQ', position: { mode: 'history', seq: 42 } },
  { cursor: runCursor, text: 'WyJyMSIsNDIsM10', position: { seq: 42, skip: 3 } },
  {
    cursor: deliveryCursor,
    text: 'ZDEuMTc2NzIyNTYwMDAwMC5kbHZfMDEyMzQ1Njc4OWFiY2RlZkFCQ0Q',
    position: { created_ms: 1767225600000, id: 'dlv_0123456789abcdefABCD' },
  },
  { cursor: pagesCursor, text: 'cDEuNTAw', position: 500 },
] as const;

describe('cursors', () => {
  it.each(EARLIER_CURSORS.map((c) => [c.text, c]))('%s: read as before, and made the same way', (_, { cursor, text, position }) => {
    const codec = cursor as { decode(c: string): unknown; encode(p: unknown): string };
    expect(codec.decode(text)).toEqual(position);
    expect(codec.encode(position)).toBe(text);
  });

  it('round-trip any position of each format', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.nat({ max: 999_999_999 }), (ms, n) => {
        expect(pagesCursor.decode(pagesCursor.encode(n))).toBe(n);
        expect(runCursor.decode(runCursor.encode({ seq: ms, skip: n }))).toEqual({ seq: ms, skip: n });
        expect(citationCursor.decode(citationCursor.encode({ mode: 'history', seq: ms }))).toEqual({ mode: 'history', seq: ms });
        const delivery = { created_ms: ms, id: 'dlv_ABCDEFGHIJKLMNOPQRST' };
        expect(deliveryCursor.decode(deliveryCursor.encode(delivery))).toEqual(delivery);
      }),
    );
  });

  it('refuse what they did not make: another format, bad characters, JSON that is not theirs, too long', () => {
    for (const { cursor } of EARLIER_CURSORS) {
      const others = EARLIER_CURSORS.filter((c) => c.cursor !== cursor).map((c) => c.text);
      for (const bad of ['', '!!!', 'a'.repeat(301), Buffer.from('{"c1":1}').toString('base64url'), ...others])
        expect((cursor as { decode(c: string): unknown }).decode(bad)).toBeNull();
    }
  });

  it('read the cursor parameter: absent is undefined, anything not made here is the one 400', () => {
    const codec = cursorOf<number>({
      maxLength: 20,
      write: (n) => `t1.${n}`,
      read: (t) => (/^t1\.\d+$/.test(t) ? Number(t.slice(3)) : null),
    });
    expect(codec.fromQuery({})).toBeUndefined();
    expect(codec.fromQuery({ cursor: codec.encode(7) })).toBe(7);
    for (const cursor of ['bogus', codec.encode(7).slice(1), 'a'.repeat(21)]) {
      const error = (() => {
        try {
          codec.fromQuery({ cursor });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 400, message: INVALID_CURSOR });
    }
    expect(() => codec.fromQuery({ cursor: ['a', 'b'] })).toThrow('Query parameter "cursor" must be given once');
  });
});
