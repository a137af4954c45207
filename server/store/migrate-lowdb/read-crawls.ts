/**
 * The site audits of a lowdb data directory (`citable migrate`), read without writing to it, as the
 * embedded crawl store sees them at its next start (lowdb/crawls.ts): crawls/crawls.journal (the last line
 * of an id wins), each crawl's events replayed (<id>.events: the frontier, the done set with each page's
 * outcome, the rollup) and its site files (<id>.site.json). A crawl still queued or running has its counters
 * rebuilt from its events, exactly as a restarted embedded server rebuilds them before resuming it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CrawlPageOutcome } from '../../../shared/crawl/page-outcome.js';
import type { RollupState } from '../../../shared/crawl/rollup.js';
import type { GatheredSiteFiles } from '../../../shared/gather/gather-site-files.js';
import { parseCrawlEventLine, parseCrawlRecordLine } from '../lowdb/crawls.js';
import { MemoryCrawlStore, type CrawlEvent, type CrawlState } from '../memory/crawls.js';
import { isOpen, type StoredCrawl } from '../contracts/crawls.js';
import { eachLine, exists } from './read-lines.js';

/** One URL of a crawl's frontier as PostgreSQL keeps it (a crawl_urls row). */
export interface SourceCrawlUrl {
  url: string;
  state: 'queued' | 'done' | 'skipped';
  /** The order it was queued in. */
  queued_seq: number | null;
  template: string | null;
  sample: boolean | null;
  /** The page whose links queued it; null for the start URL and the sitemaps. */
  found_by: string | null;
  /** The order it was done in (audited, failed, or skipped after it was queued). */
  done_seq: number | null;
  outcome: CrawlPageOutcome | null;
  rules: string[] | null;
}

export interface SourceCrawl {
  record: StoredCrawl;
  rollup: RollupState;
  done_count: number;
  site_files: GatheredSiteFiles | null;
  urls: SourceCrawlUrl[];
}

export async function readLowdbCrawls(dataDir: string, dropped: Record<string, number>): Promise<SourceCrawl[]> {
  const dir = path.join(dataDir, 'crawls');
  const latest = new Map<string, StoredCrawl>();
  await eachLine(path.join(dir, 'crawls.journal'), dropped, (value) => {
    const record = parseCrawlRecordLine(value);
    if (record) latest.set(record.id, record);
    return record !== null;
  });
  const crawls: SourceCrawl[] = [];
  for (const stored of latest.values()) {
    const events: CrawlEvent[] = [];
    await eachLine(path.join(dir, `${stored.id}.events`), dropped, (value) => {
      const event = parseCrawlEventLine(value);
      if (event) events.push(event);
      return event !== null;
    });
    crawls.push({ ...replay(stored, events), site_files: await readSiteFiles(path.join(dir, `${stored.id}.site.json`)) });
  }
  return crawls;
}

/** Loads a crawl the way the embedded store does at start, exposing the replayed state. */
class Replay extends MemoryCrawlStore {
  state(record: StoredCrawl, events: CrawlEvent[]): CrawlState {
    this.load(record, events);
    return this.live.get(record.id)!;
  }
}

function replay(stored: StoredCrawl, events: CrawlEvent[]): Omit<SourceCrawl, 'site_files'> {
  // An unfinished crawl: its record as the restarted store rebuilds it. A finished one keeps its record as written.
  const open = isOpen(stored);
  const state = new Replay().state(structuredClone(stored), events);
  const record = open ? state.record : stored;
  const urls = new Map<string, SourceCrawlUrl>();
  let queuedSeq = 0;
  let doneSeq = 0;
  for (const event of events) {
    if (event.t === 'admit') {
      for (const q of event.queued) {
        if (urls.has(q.url)) continue; // the store never queues a URL twice; a damaged file might
        urls.set(q.url, {
          url: q.url,
          state: 'queued',
          queued_seq: queuedSeq++,
          template: q.template,
          sample: q.sample,
          found_by: event.by,
          done_seq: null,
          outcome: null,
          rules: null,
        });
      }
      // Skipped URLs as PostgreSQL keeps them (seen, never fetched); events written before lowdb kept them have none.
      for (const url of event.skips ?? []) {
        if (!urls.has(url))
          urls.set(url, {
            url,
            state: 'skipped',
            queued_seq: null,
            template: null,
            sample: null,
            found_by: event.by,
            done_seq: null,
            outcome: null,
            rules: null,
          });
      }
      continue;
    }
    const url = urls.get(event.url);
    if (!url || url.state === 'done') continue; // the store only completes a queued URL, once
    Object.assign(url, {
      state: 'done',
      done_seq: doneSeq++,
      outcome: event.outcome,
      rules: event.outcome ? [...new Set(event.outcome.issues.map((i) => i.rule))] : null,
    });
  }
  return { record, rollup: state.rollup, done_count: doneSeq, urls: [...urls.values()] };
}

async function readSiteFiles(file: string): Promise<GatheredSiteFiles | null> {
  if (!(await exists(file))) return null;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as GatheredSiteFiles;
  } catch {
    return null; // the embedded store reads it as absent too
  }
}
