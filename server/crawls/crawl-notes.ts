/** The `notes` of a crawl: plain sentences saying why pages were skipped and how the crawl ended. */
import type { RobotsVerdict } from '../../shared/crawl/site-findings.js';
import { MAX_CRAWL_DELAY_S } from '../../shared/crawl/site-findings.js';
import { oneOrMany, plural } from '../../shared/judge/wording.js';
import { emptyTally, type StoredCrawl } from '../store/contracts/crawls.js';
import { groupDigits } from '../../shared/text/group-digits.js';

/** Why the start page itself may not be crawled. */
export function robotsRefusalNote(robots: RobotsVerdict, startUrl: string): string {
  if (robots.status === 'unreachable') {
    return `robots.txt could not be read (${robots.unreachable ?? 'unreachable'}); RFC 9309 asks crawlers to assume everything is disallowed then, so no page was audited.`;
  }
  return `robots.txt refuses ${startUrl} to the Citable crawler (its own group, else User-agent: *), so no page was audited. Allow Citable in robots.txt to audit the site.`;
}

export const CANCELLED_NOTE = 'Cancelled: the pages still queued were not audited (counted as skipped).';

/** The notes at a crawl's end, from what its stored tally says (kept with its state: right whichever process ends it). */
export function crawlNotes(input: {
  record: StoredCrawl;
  robots: RobotsVerdict | null;
  stop: 'cancel' | 'deadline' | 'shutdown' | null;
  deadlineMs: number;
}): string[] {
  const { record, robots } = input;
  const tally = record.tally ?? emptyTally();
  const notes: string[] = [...tally.notes];
  if (robots?.crawlDelay)
    notes.push(
      `robots.txt asks for a Crawl-delay of ${robots.crawlDelay} s between requests: honoured${robots.crawlDelay > MAX_CRAWL_DELAY_S ? ` up to ${MAX_CRAWL_DELAY_S} s` : ''}.`,
    );
  if (tally.robots) notes.push(`robots.txt refuses ${plural(tally.robots, 'URL')} to the Citable crawler: skipped.`);
  if (tally.off_host)
    notes.push(`${plural(tally.off_host, 'link')} to other hosts ${oneOrMany(tally.off_host, 'was', 'were')} not followed (skipped).`);
  if (tally.redirected) notes.push(`${plural(tally.redirected, 'page')} redirected to another site: not followed (skipped).`);
  if (tally.busy)
    notes.push(`The site answered 429 or 503 ${plural(tally.busy, 'time')}; Citable paused as asked (Retry-After) and asked again.`);
  const otherwiseSkipped = tally.robots + tally.off_host + tally.off_site + tally.redirected;
  if (record.admission.queued >= record.max_pages && record.progress.skipped > otherwiseSkipped) {
    notes.push(`max_pages (${groupDigits(record.max_pages)}) was reached: further URLs were skipped.`);
  }
  if (input.stop === 'deadline')
    notes.push(
      `The crawl deadline (${Math.round(input.deadlineMs / 1000)} s, CRAWL_DEADLINE_MS) ran out: the pages still queued were not audited (counted as skipped).`,
    );
  if (input.stop === 'cancel') notes.push(CANCELLED_NOTE);
  return notes;
}
