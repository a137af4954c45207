/**
 * A fixture site that can be changed while it runs, on one loopback address (so URLs in generated files stay
 * valid): serve a site, generate its fixes, apply them (files at their paths, head snippets in the page, the
 * Cloudflare Worker in front), and audit it again. The Worker runs as written: its subrequests carry a marker
 * header and go straight to the origin routes, as a Worker's subrequests to its own zone go to the origin.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FixtureRoute } from '../helpers/fixture-server.js';
import type { SiteDefinition, SiteRoutes } from '../fixtures/sites/types.js';
import type { Fix } from '../../shared/fixes/types.js';
import { applyHeadSnippets } from '../../shared/fixes/head/head-edit.js';
import { headHtmlOf } from '../../shared/fixes/digest/head-html.js';

const ORIGIN_MARK = 'x-fixture-origin';
const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export interface Worker {
  fetch(request: Request): Promise<Response>;
}

export interface FixedSite {
  url: string;
  routes: SiteRoutes;
  worker: Worker | null;
  close(): Promise<void>;
}

export async function startFixedSite(definition: SiteDefinition): Promise<FixedSite> {
  const site: FixedSite = { url: '', routes: {}, worker: null, close: async () => {} };
  const server = http.createServer((req, res) => {
    void (site.worker && !req.headers[ORIGIN_MARK] ? throughWorker(site, req, res) : fromRoutes(site.routes, req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.routes = definition(site.url);
  site.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

async function fromRoutes(routes: SiteRoutes, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
  if (typeof route === 'function') return void (await route(req, res));
  if (!route) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return void res.end('Not found');
  }
  res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers });
  res.end(route.body ?? '');
}

async function throughWorker(site: FixedSite, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (!HOP.has(name) && typeof value === 'string') headers.set(name, value);
  headers.set(ORIGIN_MARK, '1');
  const response = await site.worker!.fetch(new Request(`${site.url}${req.url ?? '/'}`, { method: req.method, headers }));
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'content-encoding' && name !== 'content-length') out[name] = value;
  });
  res.writeHead(response.status, out);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The site's routes with the fixes applied: files at their paths, head snippets in the page. */
export function applyFixes(routes: SiteRoutes, pagePath: string, pageHtml: string, fixes: readonly Fix[]): SiteRoutes {
  const out: SiteRoutes = { ...routes };
  for (const fix of fixes) {
    if (fix.kind === 'file' && fix.path) out[fix.path] = file(fix.content, fix.media_type);
  }
  const snippets = fixes.filter((f) => f.kind === 'snippet' && f.path === pagePath).map((f) => f.content);
  out[pagePath] = file(applyHeadSnippets(pageHtml, headHtmlOf(pageHtml), snippets), 'text/html; charset=utf-8');
  return out;
}

function file(body: string, contentType: string): FixtureRoute {
  return { status: 200, headers: { 'content-type': contentType }, body };
}

/** Loads a Worker fix as the module it is. */
export async function loadWorker(fix: Fix): Promise<Worker> {
  const dir = await mkdtemp(path.join(tmpdir(), 'citable-worker-'));
  const file = path.join(dir, 'worker.mjs');
  await writeFile(file, fix.content);
  return ((await import(pathToFileURL(file).href)) as { default: Worker }).default;
}
