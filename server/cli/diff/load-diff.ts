/**
 * Where `citable diff` gets its diff: two audit files (what `citable audit --json` writes, or the API's
 * `{"audit"}` envelope) diffed here, or audit ids asked of a Citable server (GET /audits/{id}/diff).
 */
import { readFile } from 'node:fs/promises';
import type { AuditDiff } from '../../../shared/diff/audit-diff.js';
import { diffAudits } from '../../../shared/diff/audit-diff.js';
import { upgradeAudit } from '../../../shared/audit/upgrade-audit.js';
import { auditInputSchema } from '../../../shared/schema/audit.js';
import { auditDiffEnvelopeSchema } from '../../../shared/schema/audit-diff.js';
import { firstProblem } from '../../routes/validation-message.js';
import { deadlineSignal } from '../../net/deadline-signal.js';

export class DiffInputError extends Error {}

export async function diffFiles(fromFile: string, toFile: string): Promise<AuditDiff> {
  // Both read at once, but a problem is reported in argument order: the first file's, whichever fails first.
  const [from, to] = await Promise.allSettled([readAuditFile(fromFile), readAuditFile(toFile)]);
  if (from.status === 'rejected') throw from.reason;
  if (to.status === 'rejected') throw to.reason;
  return diffAudits(from.value, to.value);
}

export async function readAuditFile(file: string) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new DiffInputError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DiffInputError(`${file} is not JSON: write it with citable audit --json`);
  }
  const candidate = typeof value === 'object' && value !== null && 'audit' in value ? (value as { audit: unknown }).audit : value;
  const parsed = auditInputSchema.safeParse(candidate);
  if (!parsed.success) throw new DiffInputError(`${file} is not an audit (${firstProblem(parsed.error)})`);
  return upgradeAudit(parsed.data);
}

export async function diffFromServer(apiUrl: string, apiKey: string, id: string, against: string): Promise<AuditDiff> {
  const deadline = deadlineSignal(30_000);
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/api/v1/audits/${encodeURIComponent(id)}/diff?against=${encodeURIComponent(against)}`, {
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
      redirect: 'manual',
      signal: deadline.signal,
    });
  } catch (error) {
    if (deadline.timedOut) throw new DiffInputError(`the Citable server at ${apiUrl} did not answer within 30 s`);
    const cause = (error as { cause?: { code?: string } }).cause;
    throw new DiffInputError(`cannot reach the Citable server at ${apiUrl}: ${cause?.code ?? (error as Error).message}`);
  } finally {
    deadline.clear();
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const message = (json as { error?: unknown } | undefined)?.error;
    throw new DiffInputError(
      typeof message === 'string' ? `the server answered ${response.status}: ${message}` : `the server answered ${response.status}`,
    );
  }
  const parsed = auditDiffEnvelopeSchema.safeParse(json);
  if (!parsed.success)
    throw new DiffInputError(`the server's answer is not a diff (${firstProblem(parsed.error)}): is it a Citable server of this version?`);
  return parsed.data.diff;
}
