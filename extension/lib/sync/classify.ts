import { t } from '../i18n/t.js';

/** What one PUT's outcome means for the queue entry. */
export type SendOutcome =
  | { kind: 'synced'; status: number }
  /** Temporary: backend down, 5xx, rate limited. Retry with backoff. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /** The key or backend URL was refused: retry only once the settings change. */
  | { kind: 'settings'; reason: string }
  /** This audit alone must wait (413: too large for the server now): kept, tried again later, the rest go on. */
  | { kind: 'later'; reason: string; retryAfterMs?: number }
  /** Will not succeed by resending the same body (409 conflict, 400 ...). */
  | { kind: 'rejected'; reason: string };

export function classifyResponse(status: number, errorText: string, retryAfter: string | null): SendOutcome {
  const said = errorText ? `: ${errorText}` : '';
  if (status === 200 || status === 201) return { kind: 'synced', status };
  if (status === 401) return { kind: 'settings', reason: t('syncReasonKeyRefused', said) };
  if (status === 403) return { kind: 'settings', reason: t('syncReasonNotAllowed', said) };
  if (status === 409) return { kind: 'rejected', reason: t('syncReasonConflict', said) };
  if (status === 429 || status === 408 || status >= 500) {
    const seconds = retryAfter !== null ? Number(retryAfter) : NaN;
    return {
      kind: 'retry',
      reason: t('syncReasonServerAnswered', String(status), said),
      ...(Number.isFinite(seconds) ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  if (status === 413) {
    const seconds = retryAfter !== null ? Number(retryAfter) : NaN;
    return {
      kind: 'later',
      reason: t('syncReasonTooLarge', said),
      ...(Number.isFinite(seconds) ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  if (status === 404) return { kind: 'settings', reason: t('syncReasonNotFound', said) };
  return { kind: 'rejected', reason: t('syncReasonRefused', String(status), said) };
}
