/**
 * The forward proxy one render's browser context goes through (docs/architecture.md#the-renderer-host): every
 * request Chromium makes for the page — the page, its sub-resources, redirects, fetches, WebSockets, prefetches
 * and popups — arrives here as an absolute-form HTTP request or a CONNECT tunnel, and is sent on only after
 * the fetcher's address guard (server/net/address-guard.ts) has checked the name after DNS resolution. The
 * connection goes to the very address the guard checked, so a name that resolves differently a moment later
 * (DNS rebinding) gains nothing. Listens on 127.0.0.1 on a port of its own for one render: the requests of
 * that render are counted and capped, and closing it cuts every connection the page still holds.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { AddressGuard } from '../net/address-guard.js';
import { checkRequestTarget } from '../net/request-target.js';

export interface GuardedProxyOptions {
  guard: AddressGuard;
  /** Requests and tunnels one render may open; the ones beyond are refused (429). */
  maxRequests: number;
  /** Time to connect to a site before the request fails (502). */
  connectTimeoutMs?: number;
}

export interface ProxyStats {
  /** Requests and tunnels asked for. */
  requests: number;
  /** Those refused: by the guard, as malformed, or over the cap. */
  refused: number;
  /** Why, for the first few refusals (tests and logs). */
  reasons: string[];
}

export interface GuardedProxy {
  /** `http://127.0.0.1:<port>`: the proxy server to give the browser context. */
  readonly url: string;
  readonly stats: ProxyStats;
  /** Stops listening and cuts every connection still open (tunnels included). */
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const MAX_REASONS = 20;

export async function startGuardedProxy(options: GuardedProxyOptions): Promise<GuardedProxy> {
  const stats: ProxyStats = { requests: 0, refused: 0, reasons: [] };
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const refusal = (reason: string) => {
    stats.refused++;
    if (stats.reasons.length < MAX_REASONS) stats.reasons.push(reason);
  };
  const admit = (): string | null => (++stats.requests > options.maxRequests ? `more than ${options.maxRequests} requests` : null);
  const server = http.createServer((req, res) => forward(req, res, options, admit, refusal, track));
  server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => tunnel(req, socket, head, options, admit, refusal, track));
  // A WebSocket asked for without a tunnel: never sent on (Chromium tunnels them with CONNECT through a proxy).
  server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => {
    refusal('an upgrade request outside a tunnel');
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  server.on('connection', track);
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      }),
  };
}

type Refuse = (reason: string) => void;
type Track = (socket: Duplex) => void;

/** Where a request may go, or why not: a parseable http(s) URL on an allowed port, not a refused literal address. */
function checkTarget(raw: string, guard: AddressGuard): { ok: true; host: string; port: number; url: URL } | { ok: false; reason: string } {
  const target = checkRequestTarget(raw);
  if (!target.ok) return { ok: false, reason: target.error.message };
  const host = target.url.hostname.replace(/^\[|\]$/g, '');
  const literal = guard.literalBlockReason(target.url.hostname, target.port);
  if (literal) return { ok: false, reason: `refused to connect to ${host}: ${literal} address` };
  const special = guard.specialUseBlock(host);
  if (special) return { ok: false, reason: special };
  return { ok: true, host, port: target.port, url: target.url };
}

/** A plain-HTTP request in absolute form (`GET http://host/path`), sent on through the guarded agent and lookup. */
function forward(
  req: IncomingMessage,
  res: ServerResponse,
  options: GuardedProxyOptions,
  admit: () => string | null,
  refuse: Refuse,
  track: Track,
) {
  const over = admit();
  const target = checkTarget(req.url ?? '', options.guard);
  const reason = over ?? (!target.ok ? target.reason : target.url.protocol !== 'http:' ? 'https is only tunnelled' : null);
  if (reason || !target.ok) {
    refuse(reason ?? 'refused');
    res.writeHead(over ? 429 : 403, { 'content-type': 'text/plain', connection: 'close' }).end(`Refused by Citable: ${reason}`);
    return;
  }
  const upstream = http.request({
    protocol: 'http:',
    hostname: target.host,
    port: target.port,
    method: req.method,
    path: `${target.url.pathname}${target.url.search}`,
    headers: withoutHopByHop(req.rawHeaders),
    agent: options.guard.agentFor('http:'),
    lookup: options.guard.lookupFor(target.port),
    timeout: options.connectTimeoutMs ?? 10_000,
  });
  upstream.on('socket', track);
  upstream.on('timeout', () => upstream.destroy(new Error('the site did not answer in time')));
  upstream.on('response', (answer) => {
    const headers = withoutHopByHop(answer.rawHeaders);
    if (answer.statusMessage) res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
    else res.writeHead(answer.statusCode ?? 502, headers);
    answer.pipe(res);
  });
  upstream.on('error', (error: Error & { code?: string }) => {
    if (isGuardRefusal(error)) refuse(error.message);
    if (res.headersSent) return void res.destroy();
    res
      .writeHead(isGuardRefusal(error) ? 403 : 502, { 'content-type': 'text/plain', connection: 'close' })
      .end(`Citable: ${error.message}`);
  });
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

/** A CONNECT tunnel (https, wss): the name resolved through the guard, the socket opened to the address it allowed. */
function tunnel(
  req: IncomingMessage,
  client: Duplex,
  head: Buffer,
  options: GuardedProxyOptions,
  admit: () => string | null,
  refuse: Refuse,
  track: Track,
) {
  track(client);
  client.on('error', () => client.destroy());
  const over = admit();
  const target = checkTarget(`https://${req.url ?? ''}/`, options.guard);
  if (over || !target.ok) {
    refuse(over ?? (target.ok ? 'refused' : target.reason));
    client.end(`HTTP/1.1 ${over ? '429 Too Many Requests' : '403 Forbidden'}\r\ncontent-length: 0\r\n\r\n`);
    return;
  }
  resolveChecked(options.guard, target.host, target.port, (error, address) => {
    if (error || typeof address !== 'string') {
      if (error && isGuardRefusal(error)) refuse(error.message);
      client.end(`HTTP/1.1 ${error && isGuardRefusal(error) ? '403 Forbidden' : '502 Bad Gateway'}\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    const site = net.connect({ host: address, port: target.port, timeout: options.connectTimeoutMs ?? 10_000 });
    track(site);
    site.once('connect', () => {
      site.setTimeout(0);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) site.write(head);
      site.pipe(client);
      client.pipe(site);
    });
    site.on('timeout', () => site.destroy());
    site.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n'));
    site.on('close', () => client.destroy());
    client.on('close', () => site.destroy());
  });
}

/** The address to connect to: a literal (already checked), else the guard's lookup, which refuses what the policy refuses. */
function resolveChecked(
  guard: AddressGuard,
  host: string,
  port: number,
  done: (error: (Error & { code?: string }) | null, address?: string) => void,
) {
  if (net.isIP(host)) return process.nextTick(() => done(null, host));
  guard.lookupFor(port)(host, { all: false }, (error, address) => done(error, typeof address === 'string' ? address : undefined));
}

function isGuardRefusal(error: Error & { code?: string }): boolean {
  return (
    error.code === 'ERR_BLOCKED_ADDRESS' || error.code === 'ERR_SPECIAL_USE_NAME' || /^DNS lookup .* is not allowed/.test(error.message)
  );
}

/** Raw headers (name, value, name, value ...) without the hop-by-hop ones. */
function withoutHopByHop(raw: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  return kept;
}
