/** Audit ids are lower-case UUIDs: one spelling per id, so one file per id on every file system. */
export const AUDIT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id in a request path, lower-cased, or null when it cannot be an audit id. */
export function auditIdFromPath(raw: string | undefined): string | null {
  const id = (raw ?? '').toLowerCase();
  return AUDIT_ID.test(id) ? id : null;
}
