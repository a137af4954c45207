/**
 * The embedded outbox in memory: events and deliveries rebuilt from the journal's lines, in order. The
 * server applies each line after it is on disk; `citable webhooks deliveries` rebuilds it from the file.
 */
import type { StoredDelivery, StoredEvent } from '../contracts/webhooks.js';
import type { OutboxLine } from './webhooks-outbox-lines.js';

/** The delivery log keeps this long (finished deliveries older than this leave at the next compaction). */
export const OUTBOX_RETENTION_MS = 30 * 86_400_000;

export class OutboxState {
  readonly events = new Map<string, StoredEvent>();
  readonly deliveries = new Map<string, StoredDelivery>();
  /** webhook id → its deliveries, oldest first. */
  readonly byWebhook = new Map<string, StoredDelivery[]>();
  readonly pending = new Set<string>();
  readonly #dedupe = new Set<string>();

  static fromLines(lines: Iterable<OutboxLine>): OutboxState {
    const state = new OutboxState();
    for (const line of lines) state.apply(line);
    return state;
  }

  hasDedupeKey(accountId: string, key: string): boolean {
    return this.#dedupe.has(`${accountId}\n${key}`);
  }

  apply(line: OutboxLine): void {
    switch (line.op) {
      case 'event': {
        this.events.set(line.event.id, line.event);
        if (line.event.dedupe_key !== null) this.#dedupe.add(`${line.event.account_id}\n${line.event.dedupe_key}`);
        for (const d of line.deliveries) {
          if (this.deliveries.has(d.id)) continue;
          const delivery = { ...d, log: [...d.log] };
          this.deliveries.set(d.id, delivery);
          const list = this.byWebhook.get(d.webhook_id) ?? [];
          list.push(delivery);
          this.byWebhook.set(d.webhook_id, list);
          if (delivery.status === 'pending') this.pending.add(d.id);
        }
        return;
      }
      case 'attempt': {
        const d = this.deliveries.get(line.id);
        if (!d) return;
        d.attempts += 1;
        d.status = line.status;
        d.last_status_code = line.attempt.status_code;
        d.next_attempt_ms = line.next_attempt_ms;
        d.last_attempt_at = line.attempt.at;
        d.last_error = line.last_error;
        d.log.push(line.attempt);
        if (d.status !== 'pending') this.pending.delete(d.id);
        return;
      }
      case 'fail':
        for (const id of line.ids) {
          const d = this.deliveries.get(id);
          if (!d || d.status !== 'pending') continue;
          d.status = 'failed';
          d.next_attempt_ms = null;
          d.last_error = line.reason;
          this.pending.delete(id);
        }
        return;
      case 'drop':
        for (const d of this.byWebhook.get(line.webhook_id) ?? []) {
          this.deliveries.delete(d.id);
          this.pending.delete(d.id);
        }
        this.byWebhook.delete(line.webhook_id);
        return;
    }
  }

  /**
   * What a compacted journal holds: each event that still has deliveries worth keeping (pending, or
   * finished within the retention, of a webhook that still exists), with their current state.
   */
  compacted(nowMs: number, liveWebhooks: ReadonlySet<string>): { lines: OutboxLine[]; dropped: number } {
    const keptByEvent = new Map<string, StoredDelivery[]>();
    let dropped = 0;
    for (const d of this.deliveries.values()) {
      const old = d.status !== 'pending' && nowMs - Date.parse(d.created_at) > OUTBOX_RETENTION_MS;
      if (old || !liveWebhooks.has(d.webhook_id)) {
        dropped++;
        continue;
      }
      const list = keptByEvent.get(d.event_id) ?? [];
      list.push(d);
      keptByEvent.set(d.event_id, list);
    }
    const lines: OutboxLine[] = [];
    for (const [eventId, deliveries] of keptByEvent) {
      const event = this.events.get(eventId);
      if (event) lines.push({ op: 'event', event, deliveries });
    }
    return { lines, dropped };
  }
}
