import type { Settings } from '../settings.js';
import { errorText } from '../sync/send.js';

export type ConnectionResult =
  | { ok: true; message: string }
  | { ok: false; code: 'missing' | 'unreachable' | 'unauthorized' | 'forbidden' | 'not_found' | 'unexpected'; message: string };

/** One authenticated read of the API, reported in words: 401, 403 and "unreachable" each say what to fix. */
export async function testConnection(settings: Settings, fetchImpl: typeof fetch = fetch): Promise<ConnectionResult> {
  if (!settings.backendUrl) return { ok: false, code: 'missing', message: 'Enter the backend URL first.' };
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
      message: `Unreachable: no answer from ${settings.backendUrl}. Is the server running, the address right, and access to it allowed?`,
    };
  }
  const said = await errorText(res);
  const suffix = said ? ` The server said: "${said}"` : '';
  if (res.ok) return { ok: true, message: `Connected to ${settings.backendUrl}: the API key works.` };
  if (res.status === 401)
    return { ok: false, code: 'unauthorized', message: `Invalid API key (401): the server did not accept this key.${suffix}` };
  if (res.status === 403)
    return {
      ok: false,
      code: 'forbidden',
      message: `Access denied (403): the key's plan does not allow this. Sync needs an Agency plan.${suffix}`,
    };
  if (res.status === 404)
    return { ok: false, code: 'not_found', message: `Not found (404): ${settings.backendUrl} does not look like a Citable API.${suffix}` };
  return { ok: false, code: 'unexpected', message: `Unexpected answer ${res.status} from the server.${suffix}` };
}
