/**
 * The crawl store as this process's coordinator writes through it, with each page's end counted in the
 * metrics (`citable_crawl_pages_total`): a page recorded for the first time, by its outcome. Retries that
 * change nothing are not counted.
 */
import { countCrawlPage } from '../metrics/work-metrics.js';
import type { CrawlStore } from '../store/contracts/crawls.js';

export function countedPages(store: CrawlStore): CrawlStore {
  const completePage: CrawlStore['completePage'] = async (id, completion) => {
    const result = await store.completePage(id, completion);
    const { outcome } = completion;
    if (result.recorded) countCrawlPage(outcome === null ? 'skipped' : outcome.audit_id === null ? 'failed' : 'audited');
    return result;
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'completePage') return completePage;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value; // methods keep their own `this` (private fields)
    },
  });
}
