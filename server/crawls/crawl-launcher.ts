/**
 * The crawl backend of crawl monitors (server/monitors/crawl-launcher.ts): a crawl started as POST /crawls
 * starts one (the same URL rules, SSRF guard, politeness and per-account limit of running crawls), then
 * followed through the store until it ends. When the server stops, the wait ends; the crawl itself resumes
 * at the next start like any other.
 */
import { MAX_PAGES_LIMIT } from '../../shared/schema/crawl.js';
import { normalizeAuditUrl } from '../../shared/url/normalize.js';
import type { CrawlLauncher } from '../monitors/crawl-launcher.js';
import { CRAWL_DEFAULTS } from './crawl-settings.js';
import type { CrawlService } from './crawl-service.js';

const POLL_MS = 1_000;

export function crawlLauncherFor(crawls: CrawlService, options: { pollMs?: number } = {}): CrawlLauncher {
  const pollMs = options.pollMs ?? POLL_MS;
  return {
    async crawl(accountId, url, maxPages, signal, render) {
      const normalized = normalizeAuditUrl(url);
      if (!normalized.ok) throw new Error(normalized.message);
      const created = await crawls.create(accountId, {
        url: normalized.submitted,
        max_pages: Math.max(1, Math.min(maxPages, MAX_PAGES_LIMIT)),
        ...(render ? { render } : {}),
      });
      if (!created.created)
        throw new Error(`the account already has ${CRAWL_DEFAULTS.maxRunningPerAccount} running crawls; the next due run tries again`);
      const id = created.crawl.id;
      for (;;) {
        const crawl = await crawls.get(accountId, id);
        if (!crawl) throw new Error(`crawl ${id} is gone`);
        if (crawl.status !== 'queued' && crawl.status !== 'running')
          return { id, url: crawl.url, status: crawl.status, score: crawl.score };
        await pause(pollMs, signal);
      }
    },
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
