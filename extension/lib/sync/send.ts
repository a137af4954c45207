import type { Audit } from '../../../shared/types/audit.js';
import type { Settings } from '../settings.js';
import { t } from '../i18n/t.js';
import { classifyResponse, type SendOutcome } from './classify.js';

/** The PUT body the server's sync route reads (server/routes: `{audit}`). */
export function syncBody(audit: Audit): string {
  return JSON.stringify({ audit });
}

/**
 * PUT /api/v1/audits/{id}: idempotent on the client-made id, so resending after a lost answer
 * cannot store the audit twice (the server answers 200 for an identical copy).
 */
export async function sendAudit(audit: Audit, settings: Settings, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  const url = `${settings.backendUrl}/api/v1/audits/${encodeURIComponent(audit.id)}`;
  let res: Response;
  try {
    res = await fetchImpl(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: syncBody(audit),
      credentials: 'omit',
      signal: AbortSignal.timeout(20_000),
    });
  } catch (err) {
    const silent = err instanceof Error && err.name === 'TimeoutError';
    return { kind: 'retry', reason: t(silent ? 'syncReasonSilent' : 'syncReasonUnreachable', settings.backendUrl) };
  }
  return classifyResponse(res.status, await errorText(res), res.headers.get('retry-after'));
}

/** The `{error}` message of a JSON error body, if any (docs/api-decisions.md#http-api). */
export async function errorText(res: Response): Promise<string> {
  if (res.ok) return '';
  try {
    const body = (await res.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error.slice(0, 200) : '';
  } catch {
    return '';
  }
}
