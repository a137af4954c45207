import type { Settings } from '../settings.js';
import { errorText } from '../sync/send.js';
import { t } from '../i18n/t.js';

export type ConnectionResult =
  | { ok: true; message: string }
  | { ok: false; code: 'missing' | 'unreachable' | 'unauthorized' | 'forbidden' | 'not_found' | 'unexpected'; message: string };

/** One authenticated read of the API, reported in words: 401, 403 and "unreachable" each say what to fix. */
export async function testConnection(settings: Settings, fetchImpl: typeof fetch = fetch): Promise<ConnectionResult> {
  if (!settings.backendUrl) return { ok: false, code: 'missing', message: t('connMissing') };
  let res: Response;
  try {
    res = await fetchImpl(`${settings.backendUrl}/api/v1/audits?limit=1`, {
      headers: { authorization: `Bearer ${settings.apiKey}`, accept: 'application/json' },
      credentials: 'omit',
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return {
      ok: false,
      code: 'unreachable',
      message: t('connUnreachable', settings.backendUrl),
    };
  }
  const said = await errorText(res);
  const suffix = said ? ` ${t('connServerSaid', said)}` : '';
  if (res.ok) return { ok: true, message: t('connOk', settings.backendUrl) };
  if (res.status === 401) return { ok: false, code: 'unauthorized', message: `${t('connUnauthorized')}${suffix}` };
  if (res.status === 403)
    return {
      ok: false,
      code: 'forbidden',
      message: `${t('connForbidden')}${suffix}`,
    };
  if (res.status === 404) return { ok: false, code: 'not_found', message: `${t('connNotFound', settings.backendUrl)}${suffix}` };
  return { ok: false, code: 'unexpected', message: `${t('connUnexpected', res.status)}${suffix}` };
}
