/**
 * An audit worker thread (built to dist/audit-worker.mjs): runs whole audits, gather and judge, with
 * its own SSRF-guarded fetcher, so the engine's CPU work (the facts of a 5 MB page take hundreds of
 * milliseconds) never blocks the thread that answers the API. Work comes from worker-runner.ts (one piece at a
 * time for the API's audits, a few crawl pages at once for `citable crawl`); the protocol is in worker-protocol.ts.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { runAudit } from '../../shared/audit/run-audit.js';
import { auditCrawlPage } from '../../shared/crawl/crawl-page.js';
import { readSitemapFile } from '../../shared/crawl/sitemap-file.js';
import { startRobots } from '../../shared/crawl/robots-allow.js';
import type { GatheredSiteFiles } from '../../shared/gather/gather-site-files.js';
import { createNodeFetcher } from '../net/node-fetcher.js';
import type { Fetcher } from '../../shared/types/fetcher.js';
import { cachingFetcher, createResourceCache } from '../net/resource-cache.js';
import { createRelayRenderer } from './relay-renderer.js';
import {
  SITE_FILE_KEYS,
  toWorkerError,
  type AuditThreadSetup,
  type ReadySignal,
  type PageRequest,
  type RobotsRequest,
  type SitemapRequest,
  type WorkerReply,
  type WorkerRequest,
  type WorkingSignal,
  type WorkRequest,
} from './worker-protocol.js';

if (!parentPort) throw new Error('audit-worker runs as a worker thread (see server/audits/worker-runner.ts)');
const port = parentPort;
/** Made by the setup message, which comes before any work (worker-protocol.ts). */
let fetcher: Fetcher = unsetFetcher();

function setUp(setup: AuditThreadSetup): void {
  // On Linux, priority 0 means this thread only: a server's audits yield the CPU to the thread that answers the API.
  if (process.platform === 'linux' && setup.lowerPriority) os.setPriority(0, 10);
  fetcher = createNodeFetcher({ allowPrivate: setup.allowPrivate });
  port.postMessage({ type: 'ready' } satisfies ReadySignal);
}

/** Before the setup message: refuses, so that work sent too early fails loudly instead of fetching unguarded. */
function unsetFetcher(): Fetcher {
  return { fetch: () => Promise.reject(new Error('the audit thread was given work before its setup message')) };
}

/** The work in progress, by id: an abort names the piece it stops. */
const running = new Map<number, AbortController>();
/**
 * Set by the thread's bootstrap when there is one (the CLI's, server/cli/audit-thread.ts, saves its code cache after
 * the first piece of work): called after each reply.
 */
const workDone = (globalThis as { citableWorkDone?: () => void }).citableWorkDone;
/** Site files of the crawls this thread ran pages of, oldest first (the runner mirrors this order). */
const siteFiles = new Map<string, GatheredSiteFiles>();
const resources = createResourceCache();
/** Pages rendered by the process's one browser, asked for by message (relay-renderer.ts). */
const renderer = createRelayRenderer(port);

/** The crawl's site files this thread holds under `key`, updated with `files` when they came with the message. */
function siteFilesOf({ key, files }: PageRequest['siteFiles']): GatheredSiteFiles | undefined {
  if (files) {
    siteFiles.delete(key);
    siteFiles.set(key, files);
    if (siteFiles.size > SITE_FILE_KEYS) siteFiles.delete(siteFiles.keys().next().value!);
  }
  return siteFiles.get(key);
}

function runPage(message: PageRequest, signal: AbortSignal) {
  const given = siteFilesOf(message.siteFiles);
  return auditCrawlPage(message.request, {
    fetcher: cachingFetcher(fetcher, resources, message.siteFiles.key),
    ...(given ? { siteFiles: given } : {}),
    signal,
    renderer,
    onGathered: (links) => port.postMessage({ type: 'gathered', id: message.id, ...(links ? { links } : {}) } satisfies WorkingSignal),
  });
}

function readSitemap(message: SitemapRequest, signal: AbortSignal) {
  port.postMessage({ type: 'working', id: message.id } satisfies WorkingSignal);
  const files = siteFilesOf(message.siteFiles);
  if (!files) throw new Error(`the audit worker holds no site files for ${message.siteFiles.key}`);
  return readSitemapFile(message.request, { fetcher, files, signal });
}

/** robots.txt of the crawl's site files (parsed once per files object this thread holds: its pages reuse it). */
async function readRobots(message: RobotsRequest): Promise<WorkerReply> {
  const files = siteFilesOf(message.siteFiles);
  if (!files) throw new Error(`the audit worker holds no site files for ${message.siteFiles.key}`);
  return { type: 'robots-done', id: message.id, result: startRobots(files, message.startUrl) };
}

/** One piece of work and the reply it makes. */
function work(message: WorkRequest, signal: AbortSignal): Promise<WorkerReply> {
  const { id } = message;
  if (message.type === 'robots') return readRobots(message);
  if (message.type === 'page') return runPage(message, signal).then((result) => ({ type: 'page-done', id, result }));
  if (message.type === 'sitemap') return readSitemap(message, signal).then((result) => ({ type: 'sitemap-done', id, result }));
  const options = { fetcher, origin: 'server' as const, limits: { deadlineMs: message.deadlineMs }, signal };
  const run = { ...options, ...(message.agents ? { agents: message.agents } : {}), ...(message.render ? { renderer } : {}) };
  return runAudit(message.url, run).then((audit) => ({ type: 'done', id, audit }));
}

port.on('message', (message: WorkerRequest) => {
  if (message.type === 'setup') return setUp(message);
  if (message.type === 'abort') {
    running.get(message.id)?.abort(new Error(message.reason));
    return;
  }
  if (message.type === 'render-done' || message.type === 'render-failed') return renderer.answer(message);
  const controller = new AbortController();
  running.set(message.id, controller);
  Promise.resolve()
    .then(() => work(message, controller.signal))
    .then(
      (reply) => port.postMessage(reply),
      (error: unknown) => port.postMessage({ type: 'failed', id: message.id, error: toWorkerError(error) } satisfies WorkerReply),
    )
    .finally(() => {
      running.delete(message.id);
      workDone?.();
    });
});
