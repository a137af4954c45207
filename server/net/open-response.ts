import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { FetchError } from '../../shared/types/fetcher.js';
import type { AddressGuard } from './address-guard.js';
import { classifyNetworkError } from './fetch-errors.js';

export type Opened = { ok: true; res: IncomingMessage } | { ok: false; error: FetchError };

/**
 * Sends one GET and waits for the response head. The guard refuses the address before a socket
 * connects; `stop` destroys the request at once. Never rejects.
 */
export function openResponse(
  url: URL,
  port: number,
  headers: Record<string, string>,
  guard: AddressGuard,
  stop: AbortSignal,
  stopError: () => FetchError,
): Promise<Opened> {
  return new Promise((resolve) => {
    const protocol = url.protocol as 'http:' | 'https:';
    let settled = false;
    const settle = (value: Opened) => {
      if (settled) return;
      settled = true;
      stop.removeEventListener('abort', onStop);
      resolve(value);
    };
    const req = (protocol === 'https:' ? https : http).request({
      protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers,
      agent: guard.agentFor(protocol),
      lookup: guard.lookupFor(port),
    });
    const onStop = () => {
      settle({ ok: false, error: stopError() });
      req.destroy();
    };
    req.on('response', (res) => settle({ ok: true, res }));
    req.on('error', (err) => settle({ ok: false, error: classifyNetworkError(err) }));
    if (stop.aborted) return onStop();
    stop.addEventListener('abort', onStop, { once: true });
    req.end();
  });
}
