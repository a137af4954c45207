/** The read half of a CrawlService: the same for every way crawls run, since their state is in the store. */
import type { Store } from '../store/contracts/store.js';
import type { CrawlService } from './crawl-service.js';
import { crawlSummaryWire, crawlWire } from './crawl-wire.js';

export function crawlReads(store: Store): Pick<CrawlService, 'get' | 'list' | 'pages'> {
  return {
    async get(accountId, id) {
      const stored = await (await store.crawls()).getCrawl(accountId, id);
      return stored ? crawlWire(stored) : null;
    },
    async list(accountId, query) {
      const page = await (await store.crawls()).listCrawls(accountId, query);
      return { crawls: page.crawls.map(crawlSummaryWire), next: page.next };
    },
    async pages(accountId, id, query) {
      return (await store.crawls()).listPages(accountId, id, query);
    },
  };
}
