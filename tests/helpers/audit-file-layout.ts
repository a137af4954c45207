/**
 * The embedded store's file layout as the tests know it, written out here rather than imported from
 * server/store/lowdb/audits-files.ts so a change to the layout shows up as failing tests.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { extensionAudit } from '../server/helpers/extension-audit.js';

/** DATA_DIR/audits/<first two characters of the id>/<id>.json */
export function auditFileOf(dataDir: string, id: string): string {
  return path.join(dataDir, 'audits', id.slice(0, 2), `${id}.json`);
}

/** What a crash between a put's two writes leaves: an audit's file with no journal line. Returns the file. */
export async function plantUnindexedAuditFile(dataDir: string, content?: string): Promise<string> {
  const audit = extensionAudit();
  const file = auditFileOf(dataDir, audit.id);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content ?? JSON.stringify(audit));
  return file;
}
