/** Opaque list cursors: base64url of a version tag and the position of the last audit on a page. */
import type { AuditPosition } from '../../store/contracts/audits.js';
import { AUDIT_ID } from '../../audits/audit-id.js';

export function encodeCursor(position: AuditPosition): string {
  return Buffer.from(`v1.${position.time}.${position.id}`).toString('base64url');
}

/** The position a cursor names, or null when it is not one this server made. */
export function decodeCursor(cursor: string): AuditPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const match = /^v1\.(-?\d{1,16})\.(.+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !AUDIT_ID.test(match[2]!)) return null;
  return { time: Number(match[1]), id: match[2]! };
}
