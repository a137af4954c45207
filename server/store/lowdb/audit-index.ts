/**
 * The in-memory index of stored audits: by id, and per account newest first (scanned_at, then id,
 * descending) for cursor pagination. Holds summaries only; full audits stay on disk.
 */
import type { AuditSummary } from '../../../shared/schema/api.js';
import type { AuditListPage, AuditListQuery, AuditPosition, AuditRecord } from '../store.js';

interface Entry {
  record: AuditRecord;
  time: number;
}

export class AuditIndex {
  readonly #byId = new Map<string, Entry>();
  readonly #byAccount = new Map<string, Entry[]>();

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): AuditRecord | undefined {
    return this.#byId.get(id)?.record;
  }

  /** Adds many records at once (start-up): one sort per account instead of one insert each. */
  load(records: Iterable<AuditRecord>): void {
    for (const record of records) {
      if (this.#byId.has(record.id)) continue; // the first line for an id wins, as it did when written
      const entry = toEntry(record);
      this.#byId.set(record.id, entry);
      const list = this.#byAccount.get(record.account_id);
      if (list) list.push(entry);
      else this.#byAccount.set(record.account_id, [entry]);
    }
    for (const list of this.#byAccount.values()) list.sort(compareEntries);
  }

  add(record: AuditRecord): void {
    const entry = toEntry(record);
    this.#byId.set(record.id, entry);
    const list = this.#byAccount.get(record.account_id) ?? [];
    if (list.length === 0) this.#byAccount.set(record.account_id, list);
    list.splice(firstAfter(list, entry), 0, entry);
  }

  list(accountId: string, query: AuditListQuery): AuditListPage {
    const list = this.#byAccount.get(accountId) ?? [];
    let i = query.after ? firstAfter(list, query.after) : 0;
    const audits: AuditSummary[] = [];
    let last: Entry | undefined;
    for (; i < list.length && audits.length < query.limit; i++) {
      const entry = list[i]!;
      if (query.url !== undefined && entry.record.url !== query.url && entry.record.final_url !== query.url) continue;
      audits.push(summaryOf(entry.record));
      last = entry;
    }
    const more = last !== undefined && hasMore(list, i, query.url);
    return { audits, next: more && last ? { time: last.time, id: last.record.id } : null };
  }
}

function toEntry(record: AuditRecord): Entry {
  return { record, time: Date.parse(record.scanned_at) };
}

/** Negative when `a` comes before `b` in newest-first order. */
function compareNewestFirst(a: AuditPosition, b: AuditPosition): number {
  if (a.time !== b.time) return b.time - a.time;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function compareEntries(a: Entry, b: Entry): number {
  return compareNewestFirst(positionOf(a), positionOf(b));
}

function positionOf(entry: Entry): AuditPosition {
  return { time: entry.time, id: entry.record.id };
}

/** Index of the first entry strictly after `position` (binary search). */
function firstAfter(list: Entry[], position: AuditPosition | Entry): number {
  const target = 'record' in position ? positionOf(position) : position;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareNewestFirst(positionOf(list[mid]!), target) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function hasMore(list: Entry[], from: number, url: string | undefined): boolean {
  if (url === undefined) return from < list.length;
  for (let i = from; i < list.length; i++) {
    const r = list[i]!.record;
    if (r.url === url || r.final_url === url) return true;
  }
  return false;
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
