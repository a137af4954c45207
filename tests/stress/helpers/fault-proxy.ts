/**
 * A reverse proxy on 127.0.0.1 in front of the API server that misbehaves at random (seeded): it answers
 * 500, 503 or 401 itself, hangs, or resets the connection, before or after passing the request on. The
 * "after" faults are the treacherous ones: the server has stored the audit, the client never hears so.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAULTS = ['pass', '500', '503', '401', 'hang', 'reset', '500-after', 'hang-after', 'reset-after'] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultProxy {
  url: string;
  /** How often each fault was served. */
  served: Record<Fault, number>;
  /** Statuses the upstream server answered (requests that reached it). */
  upstream: Map<number, number>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string, pick: () => Fault): Promise<FaultProxy> {
  const served = Object.fromEntries(FAULTS.map((f) => [f, 0])) as Record<Fault, number>;
  const upstream = new Map<number, number>();
  const agent = new http.Agent({ keepAlive: true });
  const answer = (res: http.ServerResponse, status: number, body: object, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer(async (req, res) => {
    const fault = pick();
    served[fault]++;
    const body: Buffer[] = [];
    for await (const chunk of req) body.push(chunk as Buffer);
    if (fault === '500') return answer(res, 500, { error: 'Internal server error' });
    if (fault === '503') return answer(res, 503, { error: 'Service unavailable' }, { 'retry-after': '3' });
    if (fault === '401')
      return answer(res, 401, { error: 'Unknown API key' }, { 'www-authenticate': 'Bearer realm="citable", error="invalid_token"' });
    if (fault === 'hang') return; // never answers; the client gives up
    if (fault === 'reset') return void req.socket.destroy();
    const forwarded = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const up = http.request(
        `${target}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(target).host }, agent },
        (r) => {
          const parts: Buffer[] = [];
          r.on('data', (c: Buffer) => parts.push(c));
          r.on('end', () => resolve({ status: r.statusCode!, headers: r.headers, body: Buffer.concat(parts) }));
        },
      );
      up.on('error', reject);
      up.end(Buffer.concat(body));
    }).catch(() => null);
    if (!forwarded) return answer(res, 502, { error: 'Bad gateway' });
    upstream.set(forwarded.status, (upstream.get(forwarded.status) ?? 0) + 1);
    if (fault === '500-after') return answer(res, 500, { error: 'Internal server error' });
    if (fault === 'hang-after') return;
    if (fault === 'reset-after') return void req.socket.destroy();
    res.writeHead(forwarded.status, forwarded.headers);
    res.end(forwarded.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    upstream,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
