/**
 * The embedded webhook store, under DATA_DIR/webhooks/:
 *   webhooks.json     the webhooks and their secrets (a SharedJsonDoc, mode 0600: the CLI adds and removes them)
 *   outbox.journal    the outbox: one fsynced line per event (with its deliveries) and per attempt
 * The server owns the outbox (one server per data directory): it rebuilds it in memory at open,
 * compacting the journal when finished deliveries passed their retention, and leases deliveries in
 * memory (a restart frees every lease). The CLI opens the store read-only on the outbox: it reads the
 * journal, never writes it, so it cannot disturb the server's appends.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { WebhookEventType } from '../../../shared/schema/webhook.js';
import { randomBase62 } from '../../util/base62.js';
import { Journal } from './infra/journal.js';
import type {
  AttemptResult,
  ClaimedDelivery,
  ClaimOptions,
  DeliveryPage,
  RecordEventOptions,
  StoredDelivery,
  StoredEvent,
  StoredWebhook,
  WebhookPatch,
  WebhookStore,
} from '../contracts/webhooks.js';
import { writeFileDurable } from './infra/durable-write.js';
import { SharedJsonDoc } from './infra/shared-json-doc.js';
import { parseOutboxLine, type OutboxLine } from './webhooks-outbox-lines.js';
import { OutboxState } from './webhooks-outbox-state.js';
import { patchedWebhook } from '../contracts/webhooks.js';

interface WebhooksData {
  version: 1;
  webhooks: StoredWebhook[];
}

export interface LowdbWebhookStoreOptions {
  /** The CLI: read the outbox from the file, never write it. */
  readOnlyOutbox?: boolean;
  now?: () => number;
  onDroppedLines?: (file: string, count: number) => void;
}

const empty = (): WebhooksData => ({ version: 1, webhooks: [] });
const copyWebhook = (w: StoredWebhook): StoredWebhook => ({ ...w, events: [...w.events] });
const copyDelivery = (d: StoredDelivery): StoredDelivery => ({ ...d, log: d.log.map((a) => ({ ...a })) });

export class LowdbWebhookStore implements WebhookStore {
  readonly #leases = new Map<string, number>();

  private constructor(
    private readonly doc: SharedJsonDoc<WebhooksData>,
    private readonly outboxFile: string,
    /** null when read-only: the state is read from the file at each question. */
    private readonly journal: Journal | null,
    private state: OutboxState,
  ) {}

  static async open(dataDir: string, options: LowdbWebhookStoreOptions = {}): Promise<LowdbWebhookStore> {
    const dir = path.join(dataDir, 'webhooks');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const doc = await SharedJsonDoc.open(path.join(dir, 'webhooks.json'), empty);
    const file = path.join(dir, 'outbox.journal');
    if (options.readOnlyOutbox) return new LowdbWebhookStore(doc, file, null, await readOutbox(file));
    const opened = await Journal.open(file, parseOutboxLine);
    if (opened.dropped > 0) options.onDroppedLines?.(file, opened.dropped);
    let journal = opened.journal;
    let state = OutboxState.fromLines(opened.entries.map((e) => e.value));
    const live = new Set((await doc.current()).webhooks.map((w) => w.id));
    const compacted = state.compacted(options.now?.() ?? Date.now(), live);
    if (compacted.dropped > 0) {
      // Finished deliveries past their retention, and deleted webhooks' deliveries, leave the journal.
      await journal.close();
      await writeFileDurable(file, compacted.lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
      journal = (await Journal.open(file, parseOutboxLine)).journal;
      state = OutboxState.fromLines(compacted.lines);
    }
    return new LowdbWebhookStore(doc, file, journal, state);
  }

  async createWebhook(webhook: StoredWebhook, limit: number): Promise<'created' | 'limit'> {
    return this.doc.mutate((data) => {
      if (data.webhooks.filter((w) => w.account_id === webhook.account_id).length >= limit) return 'limit';
      data.webhooks.push(copyWebhook(webhook));
      return 'created';
    });
  }

  async listWebhooks(accountId: string): Promise<StoredWebhook[]> {
    return (await this.doc.current()).webhooks.filter((w) => w.account_id === accountId).map(copyWebhook);
  }

  async getWebhook(accountId: string, id: string): Promise<StoredWebhook | null> {
    const found = (await this.doc.current()).webhooks.find((w) => w.id === id && w.account_id === accountId);
    return found ? copyWebhook(found) : null;
  }

  async updateWebhook(accountId: string, id: string, patch: WebhookPatch): Promise<StoredWebhook | null> {
    return this.doc.mutate((data) => {
      const webhook = data.webhooks.find((w) => w.id === id && w.account_id === accountId);
      if (!webhook) return null;
      Object.assign(webhook, patchedWebhook(webhook, patch));
      return copyWebhook(webhook);
    });
  }

  async deleteWebhook(accountId: string, id: string): Promise<boolean> {
    if (!(await this.getWebhook(accountId, id))) return false;
    const deleted = await this.doc.mutate((data) => {
      const at = data.webhooks.findIndex((w) => w.id === id && w.account_id === accountId);
      if (at >= 0) data.webhooks.splice(at, 1);
      return at >= 0;
    });
    // The CLI leaves the outbox alone: the server skips a gone webhook's deliveries, and its next compaction drops them.
    if (deleted && this.journal) await this.#append({ op: 'drop', webhook_id: id });
    return deleted;
  }

  async wants(accountId: string, types: readonly WebhookEventType[]): Promise<boolean> {
    return (await this.doc.current()).webhooks.some(
      (w) => w.account_id === accountId && w.disabled_at === null && types.some((t) => subscribes(w, t)),
    );
  }

  async recordEvent(event: StoredEvent, options: RecordEventOptions = {}): Promise<StoredDelivery[]> {
    this.#owner();
    if (event.dedupe_key !== null && this.state.hasDedupeKey(event.account_id, event.dedupe_key)) return [];
    const targets = (await this.doc.current()).webhooks.filter(
      (w) =>
        w.account_id === event.account_id &&
        w.disabled_at === null &&
        (options.onlyWebhook !== undefined ? w.id === options.onlyWebhook : subscribes(w, event.type)),
    );
    if (targets.length === 0) return [];
    const deliveries = targets.map((w) => newDelivery(w, event));
    await this.#append({ op: 'event', event, deliveries });
    return deliveries.map(copyDelivery);
  }

  async claimDue(options: ClaimOptions): Promise<ClaimedDelivery[]> {
    this.#owner();
    const webhooks = new Map((await this.doc.current()).webhooks.map((w) => [w.id, w]));
    const due: StoredDelivery[] = [];
    for (const id of this.state.pending) {
      const d = this.state.deliveries.get(id)!;
      const lease = this.#leases.get(id);
      if ((d.next_attempt_ms ?? Infinity) > options.nowMs || (lease !== undefined && lease >= options.nowMs)) continue;
      const webhook = webhooks.get(d.webhook_id);
      if (!webhook || webhook.disabled_at !== null) continue; // deleted by the CLI, or disabled: nothing is sent
      due.push(d);
    }
    due.sort((a, b) => a.next_attempt_ms! - b.next_attempt_ms! || (a.id < b.id ? -1 : 1));
    const taken = new Map<string, number>();
    const claimed: ClaimedDelivery[] = [];
    for (const d of due) {
      if (claimed.length >= options.limit) break;
      const room = options.perWebhook.get(d.webhook_id) ?? options.perWebhookDefault;
      if ((taken.get(d.webhook_id) ?? 0) >= room) continue;
      taken.set(d.webhook_id, (taken.get(d.webhook_id) ?? 0) + 1);
      this.#leases.set(d.id, options.nowMs + options.leaseMs);
      claimed.push({
        delivery: copyDelivery(d),
        event: this.state.events.get(d.event_id)!,
        webhook: copyWebhook(webhooks.get(d.webhook_id)!),
      });
    }
    return claimed;
  }

  async recordAttempt(
    deliveryId: string,
    result: AttemptResult,
    disable: { afterGone: number; reason: string; at: string },
  ): Promise<boolean> {
    this.#owner();
    const delivery = this.state.deliveries.get(deliveryId);
    if (!delivery) {
      this.#leases.delete(deliveryId);
      return false; // its webhook was deleted meanwhile
    }
    try {
      await this.#append({
        op: 'attempt',
        id: deliveryId,
        status: result.status,
        next_attempt_ms: result.next_attempt_ms,
        last_error: result.last_error,
        attempt: result.attempt,
      });
    } finally {
      this.#leases.delete(deliveryId); // only now: until the outcome is applied, another claim would send it again
    }
    const webhookId = delivery.webhook_id;
    const current = (await this.doc.current()).webhooks.find((w) => w.id === webhookId);
    if (!current || (result.answer === 'ok' && current.gone_streak === 0) || result.answer === 'other') return false;
    const disabled = await this.doc.mutate((data) => {
      const webhook = data.webhooks.find((w) => w.id === webhookId);
      if (!webhook) return false;
      if (result.answer === 'ok') {
        webhook.gone_streak = 0;
        return false;
      }
      webhook.gone_streak += 1;
      if (webhook.gone_streak < disable.afterGone || webhook.disabled_at !== null) return false;
      webhook.disabled_at = disable.at;
      webhook.disabled_reason = disable.reason;
      return true;
    });
    if (disabled) {
      const ids = (this.state.byWebhook.get(webhookId) ?? []).filter((d) => d.status === 'pending').map((d) => d.id);
      if (ids.length > 0) await this.#append({ op: 'fail', ids, reason: disable.reason });
    }
    return disabled;
  }

  async nextDueMs(): Promise<number | null> {
    let next: number | null = null;
    for (const id of this.state.pending) {
      const at = Math.max(this.state.deliveries.get(id)!.next_attempt_ms ?? Infinity, this.#leases.get(id) ?? 0);
      if (next === null || at < next) next = at;
    }
    return next;
  }

  async getDelivery(accountId: string, id: string): Promise<StoredDelivery | null> {
    const d = (await this.#state()).deliveries.get(id);
    return d && d.account_id === accountId ? copyDelivery(d) : null;
  }

  async redeliver(accountId: string, deliveryId: string, nowMs: number): Promise<StoredDelivery | null> {
    this.#owner();
    const d = this.state.deliveries.get(deliveryId);
    const event = d && d.account_id === accountId ? this.state.events.get(d.event_id) : undefined;
    const webhook = d ? await this.getWebhook(accountId, d.webhook_id) : null;
    if (!event || !webhook) return null;
    const again = { ...newDelivery(webhook, event), created_at: new Date(nowMs).toISOString(), next_attempt_ms: nowMs };
    await this.#append({ op: 'event', event, deliveries: [again] });
    return copyDelivery(again);
  }

  async listDeliveries(
    accountId: string,
    webhookId: string,
    query: { limit: number; after?: { created_ms: number; id: string } },
  ): Promise<DeliveryPage> {
    if (!(await this.getWebhook(accountId, webhookId))) return { deliveries: [], next: null };
    const all = [...((await this.#state()).byWebhook.get(webhookId) ?? [])].reverse(); // newest first
    const start = query.after ? startAfter(all, query.after) : 0;
    const page = all.slice(start, start + query.limit);
    const last = page.at(-1);
    return {
      deliveries: page.map(copyDelivery),
      next: start + query.limit < all.length && last ? { created_ms: Date.parse(last.created_at), id: last.id } : null,
    };
  }

  async close(): Promise<void> {
    await this.journal?.close();
  }

  async #append(line: OutboxLine): Promise<void> {
    await this.#owner().append(line);
    this.state.apply(line);
  }

  async #state(): Promise<OutboxState> {
    return this.journal ? this.state : readOutbox(this.outboxFile);
  }

  #owner(): Journal {
    if (!this.journal) throw new Error('the outbox is read-only here: only the server sends webhooks');
    return this.journal;
  }
}

export function subscribes(webhook: Pick<StoredWebhook, 'events'>, type: WebhookEventType): boolean {
  return webhook.events.includes('*') || webhook.events.includes(type);
}

function newDelivery(webhook: StoredWebhook, event: StoredEvent): StoredDelivery {
  return {
    id: `dlv_${randomBase62(20)}`,
    webhook_id: webhook.id,
    account_id: event.account_id,
    event_id: event.id,
    type: event.type,
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    next_attempt_ms: Date.parse(event.created_at),
    created_at: event.created_at,
    last_attempt_at: null,
    last_error: null,
    log: [],
  };
}

/** Where a newest-first page continues: after the cursor's delivery, or (gone meanwhile) at the first older one. */
function startAfter(newestFirst: readonly StoredDelivery[], after: { created_ms: number; id: string }): number {
  const at = newestFirst.findIndex((d) => d.id === after.id);
  if (at >= 0) return at + 1;
  const older = newestFirst.findIndex((d) => Date.parse(d.created_at) < after.created_ms);
  return older < 0 ? newestFirst.length : older;
}

/** The outbox as the file holds it now (a torn last line, being written, is skipped). */
async function readOutbox(file: string): Promise<OutboxState> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const lines: OutboxLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw) continue;
    try {
      const line = parseOutboxLine(JSON.parse(raw));
      if (line) lines.push(line);
    } catch {
      // a line being written right now
    }
  }
  return OutboxState.fromLines(lines);
}
