import type { AuditSummary } from '../api/types.js';

/** The audits list's filters as typed in the form: empty means "any". */
export interface AuditFilters {
  /** Part of the URL (submitted or final), case-insensitive. */
  url: string;
  /** `YYYY-MM-DD`, inclusive, UTC days. */
  from: string;
  to: string;
  /** 0–100, inclusive. */
  minScore: string;
  maxScore: string;
}

export const NO_FILTERS: AuditFilters = { url: '', from: '', to: '', minScore: '', maxScore: '' };

/** Why the filters cannot be applied, in words; null when they can. */
export function filterProblem(f: AuditFilters): string | null {
  for (const [name, v] of [
    ['Lowest score', f.minScore],
    ['Highest score', f.maxScore],
  ] as const) {
    if (v !== '' && !(/^\d{1,3}$/.test(v.trim()) && Number(v) <= 100)) return `${name} must be a whole number from 0 to 100.`;
  }
  if (f.minScore !== '' && f.maxScore !== '' && Number(f.minScore) > Number(f.maxScore)) return 'The lowest score is above the highest.';
  if (f.from && f.to && f.from > f.to) return 'The first day is after the last.';
  return null;
}

/** The audits that match every filter, in the order given (newest first from the API). */
export function filterAudits(audits: readonly AuditSummary[], f: AuditFilters): AuditSummary[] {
  if (filterProblem(f)) return [...audits];
  const needle = f.url.trim().toLowerCase();
  const min = f.minScore === '' ? 0 : Number(f.minScore);
  const max = f.maxScore === '' ? 100 : Number(f.maxScore);
  return audits.filter((a) => {
    if (needle && !a.url.toLowerCase().includes(needle) && !a.final_url.toLowerCase().includes(needle)) return false;
    if (a.score < min || a.score > max) return false;
    const day = a.scanned_at.slice(0, 10);
    if (f.from && day < f.from) return false;
    if (f.to && day > f.to) return false;
    return true;
  });
}

export function hasFilters(f: AuditFilters): boolean {
  return Object.values(f).some((v) => v.trim() !== '');
}
