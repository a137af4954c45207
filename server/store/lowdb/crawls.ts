/**
 * The embedded crawl store, under DATA_DIR/crawls/:
 *   crawls.journal     a line per crawl record change (created, started, ended): the last line of an id wins
 *   <id>.events        the crawl's admit and done events, one fsynced line each (infra/journal.ts)
 *   <id>.site.json     the site files fetched once at its start (shared by every page's audit)
 * At open every record is read; an unfinished crawl's events are replayed into memory (queue, done set, rollup),
 * so a restarted server resumes it with each page audited once. A finished crawl's pages are read back from
 * its events file when they are listed; nothing of it stays in memory but its record.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { CrawlPageOutcome } from '../../../shared/crawl/page-outcome.js';
import type { GatheredSiteFiles } from '../../../shared/gather/gather-site-files.js';
import { AUDIT_ID } from '../../audits/audit-id.js';
import { Journal } from './infra/journal.js';
import { writeFileDurable } from './infra/durable-write.js';
import { MemoryCrawlStore, type CrawlEvent, type CrawlPersistence } from '../memory/crawls.js';
import { isOpen, type StoredCrawl } from '../contracts/crawls.js';

export interface LowdbCrawlStoreOptions {
  onDroppedLines?: (file: string, count: number) => void;
}

export class LowdbCrawlStore extends MemoryCrawlStore {
  private constructor(private readonly files: JournalPersistence) {
    super(files, true);
  }

  static async open(dataDir: string, options: LowdbCrawlStoreOptions = {}): Promise<LowdbCrawlStore> {
    const dir = path.join(dataDir, 'crawls');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const records = await Journal.open(path.join(dir, 'crawls.journal'), parseCrawlRecordLine);
    if (records.dropped > 0) options.onDroppedLines?.(records.journal.file, records.dropped);
    const persistence = new JournalPersistence(dir, records.journal);
    const store = new LowdbCrawlStore(persistence);
    const latest = new Map<string, StoredCrawl>();
    for (const { value } of records.entries) latest.set(value.id, value);
    for (const record of latest.values()) {
      if (!isOpen(record)) {
        store.load(record, null);
        continue;
      }
      const events = await persistence.openEvents(record.id);
      if (events.dropped > 0) options.onDroppedLines?.(events.journal.file, events.dropped);
      store.load(
        record,
        events.entries.map((e) => e.value),
      );
    }
    return store;
  }

  override async finishCrawl(...args: Parameters<MemoryCrawlStore['finishCrawl']>): Promise<boolean> {
    const ended = await super.finishCrawl(...args);
    if (ended) await this.files.closeEvents(args[0]);
    return ended;
  }

  override async close(): Promise<void> {
    await this.files.close();
  }
}

class JournalPersistence implements CrawlPersistence {
  /** Open event journals by crawl id (a promise, so two first appends at once open one file). */
  readonly #events = new Map<string, Promise<Journal>>();

  constructor(
    private readonly dir: string,
    private readonly records: Journal,
  ) {}

  async putCrawl(crawl: StoredCrawl): Promise<void> {
    await this.records.append({ crawl });
  }

  async appendEvents(id: string, events: CrawlEvent[]): Promise<void> {
    let journal = this.#events.get(id);
    if (!journal) {
      journal = this.openEvents(id).then((opened) => opened.journal);
      this.#events.set(id, journal);
    }
    const open = await journal;
    await Promise.all(events.map((e) => open.append(e)));
  }

  /** Opens a crawl's events (at start-up: read back for replay). */
  async openEvents(id: string) {
    const opened = Journal.open(this.#file(id, 'events'), parseCrawlEventLine);
    this.#events.set(
      id,
      opened.then((o) => o.journal),
    );
    return opened;
  }

  async closeEvents(id: string): Promise<void> {
    const journal = this.#events.get(id);
    this.#events.delete(id);
    await (await journal)?.close();
  }

  async putSiteFiles(id: string, files: GatheredSiteFiles): Promise<void> {
    await writeFileDurable(this.#file(id, 'site.json'), Buffer.from(JSON.stringify(files)));
  }

  async readSiteFiles(id: string): Promise<GatheredSiteFiles | null> {
    try {
      return JSON.parse(await readFile(this.#file(id, 'site.json'), 'utf8')) as GatheredSiteFiles;
    } catch {
      return null;
    }
  }

  async *readOutcomes(id: string): AsyncIterable<CrawlPageOutcome> {
    const stream = createReadStream(this.#file(id, 'events'), { encoding: 'utf8' });
    try {
      for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
        const event = safeParse(line);
        if (event?.t === 'done' && event.outcome) yield event.outcome;
      }
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
    } finally {
      stream.destroy();
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.#events.values()].map(async (j) => (await j).close()));
    this.#events.clear();
    await this.records.close();
  }

  #file(id: string, kind: string): string {
    if (!AUDIT_ID.test(id)) throw new Error(`not a crawl id: ${JSON.stringify(id)}`);
    return path.join(this.dir, `${id}.${kind}`);
  }
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A crawls.journal line (also read by `citable migrate`). */
export function parseCrawlRecordLine(value: unknown): StoredCrawl | null {
  if (!isObject(value) || !isObject(value.crawl)) return null;
  const c = value.crawl;
  const ok =
    typeof c.id === 'string' &&
    AUDIT_ID.test(c.id) &&
    typeof c.account_id === 'string' &&
    typeof c.status === 'string' &&
    isObject(c.progress) &&
    isObject(c.admission);
  return ok ? (c as unknown as StoredCrawl) : null;
}

/** An <id>.events line (also read by `citable migrate`). */
export function parseCrawlEventLine(value: unknown): CrawlEvent | null {
  if (!isObject(value)) return null;
  if (value.t === 'admit') {
    const skips = value.skips === undefined || (Array.isArray(value.skips) && value.skips.every((u) => typeof u === 'string'));
    return Array.isArray(value.queued) && typeof value.skipped === 'number' && skips ? (value as unknown as CrawlEvent) : null;
  }
  if (value.t === 'done')
    return typeof value.url === 'string' && (value.outcome === null || isObject(value.outcome)) ? (value as unknown as CrawlEvent) : null;
  return null;
}

function safeParse(line: string): CrawlEvent | null {
  try {
    return parseCrawlEventLine(JSON.parse(line));
  } catch {
    return null;
  }
}
