/**
 * The network sentinel (tests/helpers/network-sentinel.ts) refuses every way this process could send a
 * packet off loopback, and lets loopback and unix sockets through. Every refusal here targets an address
 * that must never be reached: the sentinel is what stops it, so a broken sentinel fails these tests
 * (the connect or query error would then not be the sentinel's, or an attempt would be missing); without
 * the sentinel installed none of them runs (beforeAll refuses), so they never send anything themselves.
 */
import dns, { lookup as namedLookup } from 'node:dns';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditFetchError } from '../../../shared/audit/errors.js';
import { createWorkerRunner } from '../../../server/audits/worker-runner.js';
import { networkSentinelInstalled, requireNetworkSentinel, SENTINEL_ERROR_CODE, takeAttempts } from '../../helpers/network-sentinel.js';
import { fakeDns } from '../../helpers/fake-dns.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';

/** Waits for a socket's first 'connect' or 'error'. */
function outcome(socket: net.Socket): Promise<{ connected: boolean; code?: string }> {
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.destroy();
      resolve({ connected: true });
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve({ connected: false, code: err.code }));
  });
}

function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => 'no error',
    (err: NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException }) => err.code ?? err.cause?.code,
  );
}

let site: FixtureSite;
beforeAll(async () => {
  requireNetworkSentinel(); // without it, no test below may run: each would really try to leave the machine
  site = await startFixtureSite({ '/': { body: 'loopback page' } });
});
afterAll(() => site.close());

it('is installed in this project (vitest.config.ts setupFiles)', () => {
  expect(networkSentinelInstalled()).toBe(true);
});

describe('connects off loopback are refused before the socket connects', () => {
  const refusals: Array<[string, () => net.Socket, string]> = [
    ['net.connect(port, host)', () => net.connect(80, '10.0.0.1'), '10.0.0.1:80'],
    ['net.connect({host, port})', () => net.connect({ host: '169.254.169.254', port: 80 }), '169.254.169.254:80'],
    ['new Socket().connect(port, host)', () => new net.Socket().connect(8080, '192.0.2.1'), '192.0.2.1:8080'],
    ['an IPv6 literal', () => net.connect({ host: '2001:db8::1', port: 80 }), '2001:db8::1:80'],
    ['an IPv4-mapped private address', () => net.connect({ host: '::ffff:10.0.0.1', port: 80 }), '::ffff:10.0.0.1:80'],
    ['tls.connect', () => tls.connect({ host: '203.0.113.5', port: 443, servername: 'x.example' }), '203.0.113.5:443'],
  ];

  it.each(refusals)('%s', async (_name, open, target) => {
    expect(await outcome(open())).toEqual({ connected: false, code: SENTINEL_ERROR_CODE });
    expect(takeAttempts()).toEqual([expect.objectContaining({ kind: 'connect', target })]);
  });

  it("a host name whose lookup answers a private address (the socket's own lookup)", async () => {
    const socket = net.connect({ host: 'intranet.example', port: 80, lookup: fakeDns({ 'intranet.example': ['10.1.2.3'] }) });
    expect(await outcome(socket)).toEqual({ connected: false, code: SENTINEL_ERROR_CODE });
    expect(takeAttempts()).toEqual([expect.objectContaining({ kind: 'connect', target: '10.1.2.3:80 (intranet.example)' })]);
  });

  it('a lookup answering loopback and a private address together', async () => {
    const socket = net.connect({ host: 'mixed.example', port: site.port, lookup: fakeDns({ 'mixed.example': ['127.0.0.1', '10.0.0.9'] }) });
    expect(await outcome(socket)).toEqual({ connected: false, code: SENTINEL_ERROR_CODE });
    expect(takeAttempts()).toEqual([expect.objectContaining({ kind: 'connect', target: `10.0.0.9:${site.port} (mixed.example)` })]);
  });

  it('http.get (an http.Agent)', async () => {
    const request = http.get('http://10.0.0.1:8080/');
    expect(await errorCode(new Promise((resolve, reject) => request.on('response', resolve).on('error', reject)))).toBe(
      SENTINEL_ERROR_CODE,
    );
    expect(takeAttempts()).toEqual([expect.objectContaining({ kind: 'connect', target: '10.0.0.1:8080' })]);
  });

  it("Node's fetch (undici's connector)", async () => {
    expect(await errorCode(fetch('http://10.0.0.1:8080/'))).toBe(SENTINEL_ERROR_CODE);
    expect(takeAttempts()).toEqual([expect.objectContaining({ kind: 'connect', target: '10.0.0.1:8080' })]);
  });
});

it('audit worker threads (their own node:net) have it too: tests/server/helpers/audit-worker-source.mjs', async () => {
  const WORKER = new URL('../helpers/audit-worker-source.mjs', import.meta.url);
  const runner = createWorkerRunner({ workerUrl: WORKER, allowPrivate: true, deadlineMs: 15_000, concurrency: 1, queueLimit: 1 });
  try {
    const refused = await runner.run('http://10.0.0.1/').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuditFetchError);
    expect((refused as Error).message).toContain('network sentinel');
  } finally {
    await runner.close();
  }
  expect(takeAttempts()).toEqual([]); // recorded in the thread, not here
});

describe('no DNS query leaves the machine', () => {
  const name = 'sentinel-check.example';

  it('a connect to a name not in /etc/hosts never reaches the resolver', async () => {
    expect(await outcome(net.connect(80, name))).toEqual({ connected: false, code: SENTINEL_ERROR_CODE });
    expect(takeAttempts()).toEqual([expect.objectContaining({ kind: 'lookup', target: name })]);
  });

  it('dns.lookup, its named import and dns.promises.lookup', async () => {
    const viaCallback = new Promise((resolve, reject) => dns.lookup(name, (err, address) => (err ? reject(err) : resolve(address))));
    const viaNamed = new Promise((resolve, reject) => namedLookup(name, (err, address) => (err ? reject(err) : resolve(address))));
    expect(await errorCode(viaCallback)).toBe(SENTINEL_ERROR_CODE);
    expect(await errorCode(viaNamed)).toBe(SENTINEL_ERROR_CODE);
    expect(await errorCode(dns.promises.lookup(name))).toBe(SENTINEL_ERROR_CODE);
    expect(takeAttempts().map((a) => a.kind)).toEqual(['lookup', 'lookup', 'lookup']);
  });

  it('dns.resolve*, Resolver and dns.promises.Resolver (c-ares always asks a name server)', async () => {
    expect(await errorCode(new Promise((resolve, reject) => dns.resolve4(name, (err, a) => (err ? reject(err) : resolve(a)))))).toBe(
      SENTINEL_ERROR_CODE,
    );
    expect(await errorCode(dns.promises.resolveTxt(name))).toBe(SENTINEL_ERROR_CODE);
    expect(await errorCode(new dns.promises.Resolver().resolve6(name))).toBe(SENTINEL_ERROR_CODE);
    const resolver = new dns.Resolver();
    expect(await errorCode(new Promise((resolve, reject) => resolver.resolveMx(name, (err, a) => (err ? reject(err) : resolve(a)))))).toBe(
      SENTINEL_ERROR_CODE,
    );
    expect(takeAttempts().map((a) => a.kind)).toEqual(['resolve', 'resolve', 'resolve', 'resolve']);
  });
});

describe('loopback and unix sockets are untouched', () => {
  it('127.0.0.1 and localhost, through fetch and net', async () => {
    expect(await (await fetch(`${site.url}/`)).text()).toBe('loopback page');
    expect(await (await fetch(`http://localhost:${site.port}/`)).text()).toBe('loopback page');
    expect(await outcome(net.connect(site.port, '127.0.0.1'))).toEqual({ connected: true });
    expect(takeAttempts()).toEqual([]);
  });

  it('a lookup answering loopback', async () => {
    const socket = net.connect({ host: 'fixture.example', port: site.port, lookup: fakeDns({ 'fixture.example': ['127.0.0.1'] }) });
    expect(await outcome(socket)).toEqual({ connected: true });
    expect(takeAttempts()).toEqual([]);
  });

  it('a unix socket', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'citable-sentinel-'));
    const socketPath = path.join(dir, 's.sock');
    const server = net.createServer((s) => s.on('error', () => undefined).end());
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      expect(await outcome(net.connect(socketPath))).toEqual({ connected: true });
      expect(takeAttempts()).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
