/**
 * Serves the demo site (demo-site.ts) on 127.0.0.1: every file with its type, 404 for anything else (so
 * llms-full.txt is missing, one of the site's deliberate faults), GET and HEAD only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_FILES } from './demo-site.js';

export interface DemoSite {
  /** The home page, `http://127.0.0.1:PORT/`. */
  url: string;
  close(): Promise<void>;
}

export async function serveDemoSite(port = 0): Promise<DemoSite> {
  let origin = '';
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://demo.invalid').pathname;
    const file = Object.hasOwn(DEMO_FILES, path) ? DEMO_FILES[path] : undefined;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const body = file.body.replaceAll('{origin}', origin);
    res.writeHead(200, { 'content-type': file.type, 'content-length': Buffer.byteLength(body), 'cache-control': 'max-age=300' });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
