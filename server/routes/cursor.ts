/**
 * Opaque page cursors, made and read one way on every list route: a cursor is the base64url of a short
 * text that begins with its format's version tag (`v1.`, `["c1",...]`), so a client passes `next_cursor`
 * back unchanged and never reads it. A cursor this server did not make is one 400, with one message.
 * The texts are a wire format: clients may hold cursors across an upgrade, so a format changes only
 * under a new tag, and the old tag keeps being read.
 */
import { HttpError } from '../http/http-error.js';
import { singleParam, type RawQuery } from './query-params.js';

export const INVALID_CURSOR = 'cursor is not valid: pass the next_cursor of a previous page unchanged';

export interface CursorFormat<P> {
  /** The longest cursor (base64url characters) this format makes: anything longer is refused unread. */
  maxLength: number;
  /** The text of a position, version tag first. */
  write(position: P): string;
  /** The position a text names, or null when it is not one of this format (throwing counts as null). */
  read(text: string): P | null;
}

export interface Cursor<P> {
  encode(position: P): string;
  /** The position a cursor names, or null when this server did not make it. */
  decode(cursor: string): P | null;
  /** The `cursor` query parameter: undefined when absent, its position, or a 400 (INVALID_CURSOR). */
  fromQuery(raw: RawQuery): P | undefined;
}

export function cursorOf<P>(format: CursorFormat<P>): Cursor<P> {
  const shape = new RegExp(`^[A-Za-z0-9_-]{1,${format.maxLength}}$`);
  const decode = (cursor: string): P | null => {
    if (!shape.test(cursor)) return null;
    try {
      return format.read(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
  };
  return {
    encode: (position) => Buffer.from(format.write(position)).toString('base64url'),
    decode,
    fromQuery(raw) {
      const cursor = singleParam(raw, 'cursor');
      if (cursor === undefined) return undefined;
      const position = decode(cursor);
      if (position === null) throw new HttpError(400, INVALID_CURSOR);
      return position;
    },
  };
}

/** A JSON array text (`["r1",42,0]`), or null when the text is not one. */
export function jsonArray(text: string): unknown[] | null {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value : null;
}
