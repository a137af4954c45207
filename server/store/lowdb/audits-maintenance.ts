/**
 * Removing audits from the embedded store (an account's deletion, the retention pass): the audit files
 * first, then the journal lines that name them, so a crash in between leaves lines naming missing files
 * (the next pass finishes the job), never a file no line names that nothing would remove. The audit store
 * must be closed (the gate in store.ts holds it).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { AUDIT_ID } from '../../audits/audit-id.js';
import type { AuditRecord } from '../contracts/audits.js';
import { parseJournalLine } from './audits-lines.js';
import { stageRewrite } from './infra/rewrite-lines.js';

/** Audits matching `match`: counted, and removed when `apply`. Returns how many. */
export async function removeAudits(dataDir: string, match: (record: AuditRecord) => boolean, apply: boolean): Promise<number> {
  const ids = new Set<string>();
  const staged = await stageRewrite(path.join(dataDir, 'audits.journal'), (value) => {
    const record = parseJournalLine(value);
    if (!record || !match(record)) return 'keep';
    ids.add(record.id);
    return 'drop';
  });
  if (!apply) {
    await staged.abandon();
    return ids.size;
  }
  for (const id of ids) if (AUDIT_ID.test(id)) await rm(path.join(dataDir, 'audits', id.slice(0, 2), `${id}.json`), { force: true });
  await staged.commit();
  return ids.size;
}
