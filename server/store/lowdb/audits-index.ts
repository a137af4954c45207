/**
 * The in-memory index of stored audits: by id, and per account newest first (scanned_at, then id,
 * descending) for cursor pagination. Each entry is compact: the id, the owner, the time and the
 * journal line's text (parsed only when a page or a record is asked for). Full audits stay on disk.
 */
import type { AuditSummary } from '../../../shared/schema/api.js';
import type { AuditAnchor, AuditListPage, AuditListQuery, AuditPosition, AuditRecord } from '../contracts/audits.js';
import { lineMatchesUrl, recordOfLine } from './audits-lines.js';

interface Entry {
  id: string;
  account: string;
  time: number;
  line: string;
}

export interface IndexedLine {
  record: AuditRecord;
  line: string;
}

export class AuditIndex {
  readonly #byId = new Map<string, Entry>();
  readonly #byAccount = new Map<string, Entry[]>();
  readonly #accounts = new Map<string, string>();

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): AuditRecord | undefined {
    const entry = this.#byId.get(id);
    return entry && recordOfLine(entry.line);
  }

  owner(id: string): string | undefined {
    return this.#byId.get(id)?.account;
  }

  /** Adds many records at once (start-up): one sort per account instead of one insert each. */
  load(lines: Iterable<IndexedLine>): void {
    for (const { record, line } of lines) {
      if (this.#byId.has(record.id)) continue; // the first line for an id wins, as it did when written
      const entry = this.#entry(record, line);
      this.#byId.set(entry.id, entry);
      this.#listOf(entry.account).push(entry);
    }
    for (const list of this.#byAccount.values()) list.sort(compareNewestFirst);
  }

  add(record: AuditRecord, line: string): void {
    const entry = this.#entry(record, line);
    this.#byId.set(entry.id, entry);
    const list = this.#listOf(entry.account);
    list.splice(firstAfter(list, entry), 0, entry);
  }

  list(accountId: string, query: AuditListQuery): AuditListPage {
    const list = this.#byAccount.get(accountId) ?? [];
    const matches = (e: Entry) =>
      query.url === undefined || (lineMatchesUrl(e.line, query.url) && urlEquals(recordOfLine(e.line), query.url));
    const audits: AuditSummary[] = [];
    let last: Entry | undefined;
    let i = query.after ? firstAfter(list, query.after) : 0;
    for (; i < list.length && audits.length < query.limit; i++) {
      const entry = list[i]!;
      if (!matches(entry)) continue;
      audits.push(summaryOf(recordOfLine(entry.line)));
      last = entry;
    }
    let more = false;
    for (let j = i; j < list.length && last && !more; j++) more = matches(list[j]!);
    return { audits, next: more && last ? { time: last.time, id: last.id } : null };
  }

  /** Store.earlierAudits: a walk down the account's newest-first list from just after the anchor. */
  earlier(accountId: string, anchor: AuditAnchor, limit: number): AuditSummary[] {
    const list = this.#byAccount.get(accountId) ?? [];
    const urls = [...new Set([anchor.url, anchor.final_url])];
    const found: AuditSummary[] = [];
    for (let i = firstAfter(list, { time: Date.parse(anchor.scanned_at), id: anchor.id }); i < list.length && found.length < limit; i++) {
      const line = list[i]!.line;
      if (!urls.some((url) => lineMatchesUrl(line, url))) continue;
      const record = recordOfLine(line);
      if (urls.some((url) => urlEquals(record, url))) found.push(summaryOf(record));
    }
    return found;
  }

  #entry(record: AuditRecord, line: string): Entry {
    // Owners repeat across entries: keep one string per account instead of one per entry.
    let account = this.#accounts.get(record.account_id);
    if (account === undefined) this.#accounts.set(record.account_id, (account = record.account_id));
    return { id: record.id, account, time: Date.parse(record.scanned_at), line };
  }

  #listOf(account: string): Entry[] {
    let list = this.#byAccount.get(account);
    if (!list) this.#byAccount.set(account, (list = []));
    return list;
  }
}

function urlEquals(record: AuditRecord, url: string): boolean {
  return record.url === url || record.final_url === url;
}

/** Negative when `a` comes before `b` in newest-first order. */
function compareNewestFirst(a: AuditPosition, b: AuditPosition): number {
  if (a.time !== b.time) return b.time - a.time;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Index of the first entry strictly after `position` (binary search). */
function firstAfter(list: Entry[], position: AuditPosition): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareNewestFirst(list[mid]!, position) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function summaryOf(r: AuditRecord): AuditSummary {
  return {
    id: r.id,
    url: r.url,
    final_url: r.final_url,
    score: r.score,
    builder: r.builder,
    status: r.status,
    origin: r.origin,
    scanned_at: r.scanned_at,
  };
}
