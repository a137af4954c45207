/** Starts the HTTP server, or HTTPS when TLS_CERT and TLS_KEY name a PEM certificate and key (docs/api-decisions.md#server-defaults). */
import http from 'node:http';
import https from 'node:https';
import { readFile } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';

export interface ListenOptions {
  host: string;
  port: number;
  tlsCert: string | null;
  tlsKey: string | null;
}

export interface Listening {
  server: http.Server;
  /** Base URL, e.g. http://127.0.0.1:8787 */
  url: string;
  tls: boolean;
}

export async function listen(handler: http.RequestListener, options: ListenOptions): Promise<Listening> {
  const tls = Boolean(options.tlsCert && options.tlsKey);
  // The app answers a missing Host in the API's error shape (server/middleware/require-host.ts).
  const serverOptions = { requireHostHeader: false };
  const server = tls
    ? https.createServer({ ...serverOptions, cert: await readFile(options.tlsCert!), key: await readFile(options.tlsKey!) }, handler)
    : http.createServer(serverOptions, handler);
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect(handler));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return { server, url: `${tls ? 'https' : 'http'}://${host}:${port}`, tls };
}

/**
 * CONNECT asks for a tunnel. Node hands it to 'connect' listeners with the bare socket, and without one
 * closes the connection without a word. This server is no proxy: the request goes through the app like
 * any method no route implements (404, or 405 with Allow on a known path, in the error shape, with
 * X-Request-Id and a log line), then the connection closes. Bytes sent after the head are never read.
 */
function answerConnect(handler: http.RequestListener) {
  return (req: http.IncomingMessage, socket: Duplex): void => {
    socket.on('error', () => socket.destroy());
    const res = new http.ServerResponse(req);
    res.shouldKeepAlive = false; // Connection: close
    res.assignSocket(socket as Socket);
    res.on('finish', () => {
      res.detachSocket(socket as Socket);
      socket.end();
    });
    handler(req, res);
  };
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Request line and headers too large: the limit is 16 KB',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Payload Too Large', message: 'Chunk extensions too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request was not received in time' },
};

/**
 * A request Node's HTTP parser refused (bytes that are not HTTP, a request line and headers over 16 KB, a
 * request never completed) never reaches the app. Node would answer with an empty body; this answers
 * with the API's error shape, `{"error": "..."}`, then closes the connection, as Node does.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const { status, reason, message } = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    message: 'Malformed HTTP request',
  };
  // As Node's own handler: no answer on a dead socket, nor in the middle of an answer already being written.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${randomUUID()}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
