/**
 * One delivery attempt: a POST of the signed body through the SSRF guard (checked again after DNS, on the
 * connect), answered within the deadline or abandoned. A redirect is never followed: a 3xx is a failed
 * attempt that names where it pointed. Never throws.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressGuard } from '../net/address-guard.js';
import { classifyNetworkError } from '../net/fetch-errors.js';
import { checkWebhookUrlShape } from './webhook-url.js';

export const DELIVERY_TIMEOUT_MS = 10_000;
const USER_AGENT = 'Citable-Webhooks/0.1 (+https://citable.dev/docs/webhooks)';

export interface WebhookRequest {
  url: string;
  body: string;
  /** Citable-Event, Citable-Delivery, Citable-Signature ... (Content-Type, Content-Length and User-Agent are added). */
  headers: Record<string, string>;
}

export interface SendOutcome {
  /** The receiver's status, or null when none came. */
  statusCode: number | null;
  /** 'ok' 2xx, 'gone' 410, 'redirect' 3xx, 'http' another status, 'error' no answer (refused, reset, timeout, a refused address). */
  kind: 'ok' | 'gone' | 'redirect' | 'http' | 'error';
  /** Why it failed, in words; null for a 2xx. */
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  guard: AddressGuard;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export function sendWebhook(request: WebhookRequest, options: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise((resolve) => {
    const shape = checkWebhookUrlShape(request.url, options.guard);
    if (!shape.ok) return resolve({ statusCode: null, kind: 'error', error: shape.message, durationMs: 0 });
    const url = new URL(shape.url);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    const protocol = url.protocol as 'http:' | 'https:';
    let settled = false;
    const settle = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const body = Buffer.from(request.body);
    const req = (protocol === 'https:' ? https : http).request({
      protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': USER_AGENT,
      },
      agent: options.guard.agentFor(protocol),
      lookup: options.guard.lookupFor(port),
    });
    const timer = setTimeout(() => {
      settle({ statusCode: null, kind: 'error', error: `no answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    const onAbort = () => {
      settle({ statusCode: null, kind: 'error', error: 'the server stopped before the receiver answered' });
      req.destroy();
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.resume(); // the answer's body is not needed; drain it so the socket ends cleanly
      res.on('error', () => undefined);
      setTimeout(() => res.destroy(), 1_000).unref();
      settle(outcomeOf(status, res.headers.location));
    });
    req.on('error', (error) => settle({ statusCode: null, kind: 'error', error: networkMessage(error) }));
    req.end(body);
  });
}

function outcomeOf(status: number, location: string | undefined): Omit<SendOutcome, 'durationMs'> {
  if (status >= 200 && status < 300) return { statusCode: status, kind: 'ok', error: null };
  if (status === 410) return { statusCode: status, kind: 'gone', error: 'the receiver answered 410 Gone: not retried' };
  if (status >= 300 && status < 400) {
    const where = location ? ` to ${location.slice(0, 200)}` : '';
    return {
      statusCode: status,
      kind: 'redirect',
      error: `the receiver answered ${status}, a redirect${where}: redirects are not followed`,
    };
  }
  return { statusCode: status, kind: 'http', error: `the receiver answered ${status}` };
}

function networkMessage(error: unknown): string {
  const classified = classifyNetworkError(error);
  switch (classified.code) {
    case 'blocked_address':
    case 'special_use_name':
      return `${classified.message} (webhooks are sent only to public addresses)`;
    case 'dns':
      return `the host does not resolve (${classified.message})`;
    case 'refused':
      return /ECONNRESET|socket hang up/i.test(classified.message)
        ? `the connection was reset (${classified.message})`
        : `the connection was refused (${classified.message})`;
    default:
      return classified.message;
  }
}
