import { describe, expect, it, vi } from 'vitest';
import { sendAudit } from '../../extension/lib/sync/send.js';
import { classifyResponse } from '../../extension/lib/sync/classify.js';
import { backoffMs } from '../../extension/lib/sync/backoff.js';
import { sampleAudit } from './helpers/sample-audit.js';

const settings = { backendUrl: 'http://127.0.0.1:8787', apiKey: 'cit_abc' };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('sendAudit', () => {
  it('PUTs {audit} to /api/v1/audits/{id} with the bearer key', async () => {
    const audit = sampleAudit();
    const fetchImpl = vi.fn(async () => json(201, { audit }));
    expect(await sendAudit(audit, settings, fetchImpl)).toEqual({ kind: 'synced', status: 201 });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`http://127.0.0.1:8787/api/v1/audits/${audit.id}`);
    expect(init.method).toBe('PUT');
    expect(init.headers).toMatchObject({ authorization: 'Bearer cit_abc', 'content-type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({ audit });
  });

  it('treats an unreachable backend as temporary', async () => {
    const out = await sendAudit(sampleAudit(), settings, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(out).toMatchObject({ kind: 'retry', reason: expect.stringMatching(/unreachable/) });
  });

  it('carries the server error message into the reason', async () => {
    const out = await sendAudit(sampleAudit(), settings, async () => json(409, { error: 'Audit x already exists with different content' }));
    expect(out).toEqual({ kind: 'rejected', reason: expect.stringContaining('already exists with different content') });
  });
});

describe('classifyResponse', () => {
  it.each([
    [200, 'synced'],
    [201, 'synced'],
    [401, 'settings'],
    [403, 'settings'],
    [404, 'settings'],
    [409, 'rejected'],
    [400, 'rejected'],
    [413, 'later'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
  ] as const)('%i → %s', (status, kind) => {
    expect(classifyResponse(status, '', null).kind).toBe(kind);
  });
  it('honours Retry-After', () => {
    expect(classifyResponse(429, '', '7')).toMatchObject({ retryAfterMs: 7000 });
  });
});

describe('backoffMs', () => {
  it('grows exponentially with jitter and stays capped', () => {
    expect(backoffMs(1, () => 0)).toBe(1000);
    expect(backoffMs(1, () => 1)).toBe(2000);
    expect(backoffMs(4, () => 1)).toBe(16000);
    expect(backoffMs(50, () => 1)).toBe(600000);
  });
});
