/**
 * Each page's findings, kept only when a format needs them page by page (SARIF, JUnit): the URL, the error,
 * the issue refs and the categories' applicability; about 1 KB a page with many issues, so a
 * 10,000-page crawl keeps about 10 MB more. Without those formats `citable crawl` keeps nothing per page.
 */
import type { CrawlPageOutcome } from '../../../shared/crawl/page-outcome.js';

export class PageOutcomes {
  readonly list: CrawlPageOutcome[] = [];

  /** Bound: handed to the crawl store as its page callback. */
  readonly add = (outcome: CrawlPageOutcome): void => {
    this.list.push({
      url: outcome.url,
      template: '',
      audit_id: null,
      http_status: outcome.http_status,
      error: outcome.error,
      score: outcome.score,
      critical: outcome.critical,
      categories: outcome.categories,
      issues: outcome.issues,
      builder: null,
      sample: null,
    });
  };
}
