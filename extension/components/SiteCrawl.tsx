import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { ApiClient } from '../lib/api/client.js';
import type { Crawl } from '../lib/api/types.js';
import { crawlRunning } from '../lib/dashboard/crawl-progress.js';
import { startSiteCrawl } from '../lib/popup/site-crawl.js';
import { CrawlStatus } from './dashboard/CrawlStatus.js';
import { t } from '../lib/i18n/t.js';

const POLL_MS = 1_500;

/** "Audit this site" (chosen in the popup's menu): starts a crawl of the page's site on the backend as it appears, and follows its progress until it ends. */
export function SiteCrawl({ api, pageUrl }: { api: ApiClient; pageUrl: string }) {
  const [crawl, setCrawl] = useState<Crawl | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(true);
  useEffect(() => {
    if (!crawl || !crawlRunning(crawl)) return;
    const t = setTimeout(() => {
      void api
        .get<{ crawl: Crawl }>(`/crawls/${encodeURIComponent(crawl.id)}`)
        .then((res) => (res.ok ? setCrawl(res.data.crawl) : setError(res.error)));
    }, POLL_MS);
    return () => clearTimeout(t);
  }, [crawl, api]);
  useEffect(() => {
    void startSiteCrawl(api, pageUrl).then((res) => {
      setBusy(false);
      if ('error' in res) setError(res.error);
      else setCrawl(res.crawl);
    });
  }, [api, pageUrl]);
  const open = () =>
    crawl && void browser.tabs.create({ url: `${browser.runtime.getURL('/dashboard.html')}#/crawls/${encodeURIComponent(crawl.id)}` });
  return (
    <div class="site-crawl">
      {busy && (
        <p class="small" role="status">
          {t('crawlStarting')}
        </p>
      )}
      {error && (
        <p class="error small" role="alert" data-testid="crawl-error">
          {error}
        </p>
      )}
      {crawl && (
        <p class="small" role="status" data-testid="crawl-progress" data-crawl-id={crawl.id}>
          {t('crawlSiteAudit')} <CrawlStatus crawl={crawl} />{' '}
          <button type="button" class="secondary small" onClick={open}>
            {crawlRunning(crawl) ? t('crawlFollow') : t('crawlOpenReport')}
          </button>
        </p>
      )}
    </div>
  );
}
