import https from 'node:https';
import tls from 'node:tls';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app/create-app.js';
import { listen } from '../../../../server/app/listen.js';
import { LowdbStore } from '../../../../server/store/lowdb/store.js';
import { fakeFetcher } from '../../helpers/fake-fetcher.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

function httpsGet(url: string, ca?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, ca ? { ca } : {}, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('HTTPS with TLS_CERT / TLS_KEY', () => {
  let dir: string;
  let cert: string;
  let close: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-tls-'));
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    cert = pems.cert;
    await writeFile(path.join(dir, 'cert.pem'), pems.cert);
    await writeFile(path.join(dir, 'key.pem'), pems.private);
    const store = await LowdbStore.open(path.join(dir, 'data'));
    const citable = createApp({ store, fetcher: fakeFetcher() });
    const listening = await listen(citable.app.callback(), {
      host: '127.0.0.1',
      port: 0,
      tlsCert: path.join(dir, 'cert.pem'),
      tlsKey: path.join(dir, 'key.pem'),
    });
    url = listening.url;
    close = async () => {
      listening.server.closeAllConnections();
      await new Promise((resolve) => listening.server.close(resolve));
      await store.close();
    };
  });
  afterAll(async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers CONNECT over TLS in the error shape too, then closes', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port: Number(new URL(url).port), ca: cert }, () =>
        socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 404 /);
    expect(raw).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'Not found: CONNECT example.com:443' });
  });

  it('serves the API over TLS with the given certificate', async () => {
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const health = await httpsGet(`${url}/healthz`, cert);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true });
    const unauthenticated = await httpsGet(`${url}/api/v1/audits`, cert);
    expect(unauthenticated.status).toBe(401);
  });

  it('a client that does not trust the certificate cannot connect', async () => {
    await expect(httpsGet(`${url}/healthz`)).rejects.toThrow(/self[- ]signed|certificate/i);
  });
});

describe('behind a proxy: TRUST_PROXY and REQUIRE_HTTPS', () => {
  let strict: TestApi;
  let untrusting: TestApi;
  beforeAll(async () => {
    strict = await startTestApi({ config: { trustProxy: true, requireHttps: true } });
    untrusting = await startTestApi({ config: { trustProxy: false, requireHttps: true } });
  });
  afterAll(async () => {
    await strict.close({ removeData: true });
    await untrusting.close({ removeData: true });
  });

  it('refuses plain HTTP with a JSON 403, before looking at the key', async () => {
    const res = await strict.request('GET', '/api/v1/audits');
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: 'HTTPS is required: send this request to the https:// address' });
    expect((await strict.request('GET', '/api/v1/audits', { key: null })).status).toBe(403);
  });

  it('accepts a request the trusted proxy marks as HTTPS', async () => {
    const res = await strict.request('GET', '/api/v1/audits', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted (a client could forge it)', async () => {
    const res = await untrusting.request('GET', '/api/v1/audits', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(403);
  });

  it('keeps /healthz reachable over HTTP for load-balancer probes', async () => {
    expect((await strict.request('GET', '/healthz', { key: null })).status).toBe(200);
  });
});
