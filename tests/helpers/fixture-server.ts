import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** When it arrived (Date.now()). */
  at: number;
}

export type FixtureHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

export interface FixtureRoute {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

export interface FixtureSite {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: FixtureRequest[];
  /** TCP connections accepted (to prove a refused audit sent nothing). */
  connections: number;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 serving fixed routes (path → response) or a handler function.
 * Unknown paths answer 404 text/plain.
 */
export async function startFixtureSite(
  routesOrDefinition: Record<string, FixtureRoute | FixtureHandler> | ((origin: string) => Record<string, FixtureRoute | FixtureHandler>),
): Promise<FixtureSite> {
  // A definition function receives the origin once the port is known (for absolute URLs in pages).
  let routes: Record<string, FixtureRoute | FixtureHandler> = typeof routesOrDefinition === 'function' ? {} : routesOrDefinition;
  const requests: FixtureRequest[] = [];
  let connections = 0;
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, at: Date.now() });
    const route = routes[path];
    try {
      if (typeof route === 'function') return await route(req, res);
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('Not found');
      }
      res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers });
      res.end(route.body ?? '');
    } catch (err) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    }
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  if (typeof routesOrDefinition === 'function') routes = routesOrDefinition(`http://127.0.0.1:${port}`);
  const site: FixtureSite = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return site;
}
