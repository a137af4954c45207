/** Line formats of the citation journals, and the checks that a line read back is one we wrote. */
import { isCitationEngineId } from '../../../shared/schema/citation-engines.js';
import type { StoredCheck, StoredCitationRow, StoredPrompt } from '../contracts/citations.js';
import { upgradePrompt, upgradeRow } from '../contracts/citations-upgrade.js';

export type PromptLine = { op: 'put'; prompt: StoredPrompt } | { op: 'delete'; id: string; account_id: string; deleted_at: string };

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

export function parsePromptLine(value: unknown): PromptLine | null {
  if (!isObject(value)) return null;
  if (value.op === 'delete') {
    return typeof value.id === 'string' && typeof value.account_id === 'string' && isTime(value.deleted_at) ? (value as PromptLine) : null;
  }
  const p = value.prompt;
  if (value.op !== 'put' || !isObject(p)) return null;
  const ok =
    typeof p.id === 'string' &&
    typeof p.account_id === 'string' &&
    typeof p.text === 'string' &&
    typeof p.domain === 'string' &&
    Array.isArray(p.aliases) &&
    (p.runs === null || typeof p.runs === 'number') &&
    isTime(p.created_at);
  return ok ? { op: 'put', prompt: upgradePrompt(p as unknown as StoredPrompt) } : null;
}

export function parseResultLine(value: unknown): StoredCitationRow | null {
  if (!isObject(value)) return null;
  const ok =
    typeof value.account_id === 'string' &&
    typeof value.prompt_id === 'string' &&
    typeof value.engine === 'string' &&
    isCitationEngineId(value.engine) &&
    typeof value.check_id === 'string' &&
    typeof value.calls === 'number' &&
    typeof value.cited === 'boolean' &&
    isTime(value.checked_at);
  return ok ? upgradeRow(value as unknown as StoredCitationRow) : null;
}

export function parseCheckLine(value: unknown): StoredCheck | null {
  if (!isObject(value) || !isObject(value.check)) return null;
  const c = value.check;
  const ok =
    typeof c.id === 'string' &&
    (c.account_id === null || typeof c.account_id === 'string') &&
    typeof c.status === 'string' &&
    Array.isArray(c.pairs) &&
    isTime(c.created_at);
  return ok ? (c as unknown as StoredCheck) : null;
}
