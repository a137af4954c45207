/** The CrawlStore contract against the store in memory that `citable crawl` uses (server/store/memory/crawls.ts). */
import { describeCrawlStoreContract } from '../contracts/crawls.js';
import { memoryCrawlSubject } from '../contracts/crawls-subjects.js';

describeCrawlStoreContract(memoryCrawlSubject());
