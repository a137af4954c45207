/** The CrawlStore contract against memory (the CLI), lowdb (the embedded default) and PostgreSQL. */
import { describe } from 'vitest';
import { servicesAvailable } from '../../helpers/services/index.js';
import { describeCrawlStoreContract } from './crawl-store-contract.js';
import { lowdbCrawlSubject, memoryCrawlSubject, postgresCrawlSubject } from './crawl-store-subjects.js';

describeCrawlStoreContract(memoryCrawlSubject());
describeCrawlStoreContract(lowdbCrawlSubject());
describe.runIf(servicesAvailable('postgres'))('with a real PostgreSQL server', () => {
  describeCrawlStoreContract(postgresCrawlSubject());
});
