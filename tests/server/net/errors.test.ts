import { describe, expect, it } from 'vitest';
import net, { type AddressInfo } from 'node:net';
import https from 'node:https';
import { generate } from 'selfsigned';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { classifyNetworkError } from '../../../server/net/fetch-errors.js';

const fetcher = createNodeFetcher({ allowPrivate: true });
const opts = { maxBytes: 1024, timeoutMs: 5000 };

/** A raw TCP server whose every connection is handled by `onSocket`. */
async function tcpServer(onSocket: (socket: net.Socket) => void): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    onSocket(socket);
    socket.resume(); // read to the end, so the client's FIN closes this side too
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('network errors become codes, never exceptions', () => {
  it('maps a closed port to refused', async () => {
    const server = await tcpServer(() => undefined);
    const { port } = server;
    await server.close();
    const res = await fetcher.fetch(`http://127.0.0.1:${port}/`, opts);
    expect(res.error?.code).toBe('refused');
    expect(res.status).toBe(0);
  });

  it('maps a reset before the response to refused', async () => {
    const server = await tcpServer((socket) => socket.resetAndDestroy());
    try {
      expect((await fetcher.fetch(`http://127.0.0.1:${server.port}/`, opts)).error?.code).toBe('refused');
    } finally {
      await server.close();
    }
  });

  it('maps a garbage response to network', async () => {
    const server = await tcpServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n'));
    try {
      expect((await fetcher.fetch(`http://127.0.0.1:${server.port}/`, opts)).error?.code).toBe('network');
    } finally {
      await server.close();
    }
  });

  it('refuses an endless response head (header bomb) as network', async () => {
    const server = await tcpServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nX-Pad: ');
        socket.write('a'.repeat(1024 * 1024));
      });
    });
    try {
      const res = await fetcher.fetch(`http://127.0.0.1:${server.port}/`, opts);
      expect(res.error?.code).toBe('network');
      expect(res.error?.message).toMatch(/header/i);
    } finally {
      await server.close();
    }
  });

  it('reports a body the server cut before Content-Length as network', async () => {
    const server = await tcpServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\nContent-Type: text/html\r\n\r\nonly this'));
    });
    try {
      const res = await fetcher.fetch(`http://127.0.0.1:${server.port}/`, opts);
      expect(res.error?.code).toBe('network');
      expect(res.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('maps an untrusted (self-signed) certificate to tls', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048 });
    const server = https.createServer({ key: pems.private, cert: pems.cert }, (_req, res) => res.end('secret'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetcher.fetch(`https://127.0.0.1:${port}/`, opts);
      expect(res.error?.code).toBe('tls');
      expect(res.body).toBe('');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('maps a plain-HTTP server answering https to tls', async () => {
    const server = await tcpServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    try {
      expect((await fetcher.fetch(`https://127.0.0.1:${server.port}/`, opts)).error?.code).toBe('tls');
    } finally {
      await server.close();
    }
  });
});

describe('classifyNetworkError', () => {
  it.each([
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ECONNREFUSED', 'refused'],
    ['ECONNRESET', 'refused'],
    ['ETIMEDOUT', 'timeout'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['HPE_INVALID_CONSTANT', 'network'],
    ['ERR_BLOCKED_ADDRESS', 'blocked_address'],
  ])('%s -> %s', (code, expected) => {
    expect(classifyNetworkError(Object.assign(new Error('x'), { code })).code).toBe(expected);
  });

  it("recognises request-filtering-agent's refusal by its wording", () => {
    const err = new Error('DNS lookup 127.0.0.1(family:4, host:localhost) is not allowed. Because, It is private IP address.');
    expect(classifyNetworkError(err).code).toBe('blocked_address');
  });

  it('copes with values that are not errors', () => {
    expect(classifyNetworkError('boom')).toEqual({ code: 'network', message: 'boom' });
    expect(classifyNetworkError(null).code).toBe('network');
  });
});
