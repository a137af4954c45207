/** The `notes` of a crawl: plain sentences saying why pages were skipped and how the crawl ended. */
import type { CrawlRobots } from '../../shared/crawl/site-findings.js';
import { MAX_CRAWL_DELAY_S } from '../../shared/crawl/site-findings.js';
import { oneOrMany, plural } from '../../shared/judge/wording.js';
import type { StoredCrawl } from '../store/contracts/crawls.js';
import type { SkipTally } from './discovery.js';

/** Why the start page itself may not be crawled. */
export function robotsRefusalNote(robots: CrawlRobots, startUrl: string): string {
  if (robots.reading.kind === 'unreachable') {
    return `robots.txt could not be read (${robots.reading.reason}); RFC 9309 asks crawlers to assume everything is disallowed then, so no page was audited.`;
  }
  return `robots.txt refuses ${startUrl} to the Citable crawler (its own group, else User-agent: *), so no page was audited. Allow Citable in robots.txt to audit the site.`;
}

export const CANCELLED_NOTE = 'Cancelled: the pages still queued were not audited (counted as skipped).';

export function crawlNotes(input: {
  record: StoredCrawl;
  tally: SkipTally;
  counts: { busy: number; offSite: number };
  robots: CrawlRobots | null;
  stop: 'cancel' | 'deadline' | 'shutdown' | null;
  deadlineMs: number;
}): string[] {
  const { record, tally, counts, robots } = input;
  const notes: string[] = [];
  if (robots?.crawlDelay)
    notes.push(
      `robots.txt asks for a Crawl-delay of ${robots.crawlDelay} s between requests: honoured${robots.crawlDelay > MAX_CRAWL_DELAY_S ? ` up to ${MAX_CRAWL_DELAY_S} s` : ''}.`,
    );
  if (tally.robots.size) notes.push(`robots.txt refuses ${plural(tally.robots.size, 'URL')} to the Citable crawler: skipped.`);
  if (tally.offHost.size)
    notes.push(
      `${plural(tally.offHost.size, 'link')} to other hosts ${oneOrMany(tally.offHost.size, 'was', 'were')} not followed (skipped).`,
    );
  if (counts.offSite) notes.push(`${plural(counts.offSite, 'page')} redirected to another site: not followed (skipped).`);
  if (counts.busy)
    notes.push(`The site answered 429 or 503 ${plural(counts.busy, 'time')}; Citable paused as asked (Retry-After) and asked again.`);
  const otherwiseSkipped = tally.robots.size + tally.offHost.size + tally.offSite.size;
  if (record.admission.queued >= record.max_pages && record.progress.skipped > otherwiseSkipped) {
    notes.push(`max_pages (${record.max_pages.toLocaleString('en')}) was reached: further URLs were skipped.`);
  }
  if (input.stop === 'deadline')
    notes.push(
      `The crawl deadline (${Math.round(input.deadlineMs / 1000)} s, CRAWL_DEADLINE_MS) ran out: the pages still queued were not audited (counted as skipped).`,
    );
  if (input.stop === 'cancel') notes.push(CANCELLED_NOTE);
  return notes;
}
