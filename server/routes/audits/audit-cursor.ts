/** Cursors of GET /audits and GET /crawls: the time and id of the last item of a page (`v1.<ms>.<id>`). */
import type { AuditPosition } from '../../store/contracts/audits.js';
import { AUDIT_ID } from '../../audits/audit-id.js';
import { cursorOf } from '../cursor.js';

export const auditCursor = cursorOf<AuditPosition>({
  maxLength: 200,
  write: (position) => `v1.${position.time}.${position.id}`,
  read(text) {
    const match = /^v1\.(-?\d{1,16})\.(.+)$/.exec(text);
    if (!match || !AUDIT_ID.test(match[2]!)) return null;
    return { time: Number(match[1]), id: match[2]! };
  },
});
