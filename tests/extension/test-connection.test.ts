import { describe, expect, it } from 'vitest';
import { testConnection } from '../../extension/lib/options/test-connection.js';

const s = { backendUrl: 'http://127.0.0.1:8787', apiKey: 'cit_k' };
const answer = (status: number, error?: string) => async () =>
  new Response(JSON.stringify(error ? { error } : { audits: [], next_cursor: null }), { status });

describe('testConnection', () => {
  it('reports a working key', async () => {
    expect(await testConnection(s, answer(200))).toMatchObject({ ok: true, message: expect.stringMatching(/^Connected/) });
  });
  it('reports 401 as an invalid key, with the server message', async () => {
    const r = await testConnection(s, answer(401, 'Invalid API key'));
    expect(r).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(r.message).toMatch(/^Invalid API key \(401\).*"Invalid API key"/);
  });
  it('reports 403 as a plan problem', async () => {
    expect(await testConnection(s, answer(403, 'Plan is not Agency'))).toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/403.*Agency/),
    });
  });
  it('reports a dead address as unreachable', async () => {
    const r = await testConnection(s, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(r).toMatchObject({ ok: false, code: 'unreachable', message: expect.stringMatching(/^Unreachable/) });
  });
  it('asks for a URL first', async () => {
    expect(await testConnection({ backendUrl: '', apiKey: '' })).toMatchObject({ code: 'missing' });
  });
});
