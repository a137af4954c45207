/**
 * Webhooks and the outbox in PostgreSQL (schema: migrations/0005-monitors-webhooks.ts). An event and its
 * deliveries are one transaction. Delivery workers in any number of processes claim due deliveries in
 * one statement (FOR UPDATE SKIP LOCKED, then a lease in the row): a delivery is sent by one process at
 * a time, and a lease whose process died runs out and is taken over, with the same event id.
 */
import type pg from 'pg';
import type { DeliveryAttempt, WebhookEventType } from '../../../shared/schema/webhook.js';
import { randomBase62 } from '../../util/base62.js';
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
import { patchedWebhook } from '../contracts/webhooks.js';
import { inTransaction } from './infra/pool.js';

const WEBHOOK_COLUMNS = 'id, account_id, url, events, format, secret, created_at, disabled_at, disabled_reason, gone_streak';
const DELIVERY_COLUMNS =
  'id, webhook_id, account_id, event_id, type, status, attempts, last_status_code, next_attempt_ms, created_at, last_attempt_at, last_error, log';
/** Due deliveries looked at per claim: the oldest due first; later ones wait for the next claim. */
const CLAIM_WINDOW = 5_000;

export class PostgresWebhookStore implements WebhookStore {
  constructor(private readonly pool: pg.Pool) {}

  async createWebhook(w: StoredWebhook, limit: number): Promise<'created' | 'limit'> {
    return inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1::text, 0))', [`citable:webhooks:${w.account_id}`]);
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::bigint AS n FROM webhooks WHERE account_id = $1', [
        w.account_id,
      ]);
      if (rows[0]!.n >= limit) return 'limit' as const;
      await client.query(`INSERT INTO webhooks (${WEBHOOK_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [
        w.id,
        w.account_id,
        w.url,
        w.events,
        w.format,
        w.secret,
        w.created_at,
        w.disabled_at,
        w.disabled_reason,
        w.gone_streak,
      ]);
      return 'created' as const;
    });
  }

  async listWebhooks(accountId: string): Promise<StoredWebhook[]> {
    const { rows } = await this.pool.query<StoredWebhook>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE account_id = $1 ORDER BY seq`, [
      accountId,
    ]);
    return rows.map(webhook);
  }

  async getWebhook(accountId: string, id: string): Promise<StoredWebhook | null> {
    const { rows } = await this.pool.query<StoredWebhook>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 AND account_id = $2`, [
      id,
      accountId,
    ]);
    return rows[0] ? webhook(rows[0]) : null;
  }

  async updateWebhook(accountId: string, id: string, patch: WebhookPatch): Promise<StoredWebhook | null> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<StoredWebhook>(
        `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 AND account_id = $2 FOR UPDATE`,
        [id, accountId],
      );
      if (!rows[0]) return null;
      const w = patchedWebhook(webhook(rows[0]), patch);
      await client.query(
        `UPDATE webhooks SET url = $2, events = $3, format = $4, secret = $5, disabled_at = $6, disabled_reason = $7, gone_streak = $8 WHERE id = $1`,
        [id, w.url, w.events, w.format, w.secret, w.disabled_at, w.disabled_reason, w.gone_streak],
      );
      return w;
    });
  }

  async deleteWebhook(accountId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM webhooks WHERE id = $1 AND account_id = $2', [id, accountId]); // deliveries cascade
    return rowCount === 1;
  }

  async wants(accountId: string, types: readonly WebhookEventType[]): Promise<boolean> {
    const { rows } = await this.pool.query<{ yes: boolean }>({
      name: 'citable-webhooks-want',
      text: `SELECT EXISTS (SELECT 1 FROM webhooks WHERE account_id = $1 AND disabled_at IS NULL AND (events && $2::text[] OR '*' = ANY(events))) AS yes`,
      values: [accountId, [...types]],
    });
    return rows[0]!.yes;
  }

  async recordEvent(event: StoredEvent, options: RecordEventOptions = {}): Promise<StoredDelivery[]> {
    return inTransaction(this.pool, async (client) => {
      // FOR SHARE: a webhook deleted or disabled meanwhile waits for this commit, so no delivery points at nothing.
      const targets = await client.query<{ id: string }>(
        options.onlyWebhook !== undefined
          ? 'SELECT id FROM webhooks WHERE account_id = $1 AND disabled_at IS NULL AND id = $2 FOR SHARE'
          : `SELECT id FROM webhooks WHERE account_id = $1 AND disabled_at IS NULL AND ($2 = ANY(events) OR '*' = ANY(events)) ORDER BY seq FOR SHARE`,
        [event.account_id, options.onlyWebhook ?? event.type],
      );
      if (targets.rows.length === 0) return [];
      const inserted = await client.query(
        `INSERT INTO webhook_events (id, account_id, type, created_at, dedupe_key, data) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`,
        [event.id, event.account_id, event.type, event.created_at, event.dedupe_key, JSON.stringify(event.data)],
      );
      if (inserted.rowCount !== 1) return []; // this account already has the event with this key
      const createdMs = Date.parse(event.created_at);
      const ids = targets.rows.map(() => `dlv_${randomBase62(20)}`);
      const { rows } = await client.query<StoredDelivery>(
        `INSERT INTO webhook_deliveries (id, webhook_id, account_id, event_id, type, status, next_attempt_ms, created_at, created_ms)
         SELECT d.id, d.webhook_id, $3, $4, $5, 'pending', $6::bigint, $7, $6::bigint FROM unnest($1::text[], $2::text[]) AS d(id, webhook_id)
         RETURNING ${DELIVERY_COLUMNS}`,
        [ids, targets.rows.map((t) => t.id), event.account_id, event.id, event.type, createdMs, event.created_at],
      );
      return rows.map(delivery);
    });
  }

  async claimDue(options: ClaimOptions): Promise<ClaimedDelivery[]> {
    if (options.limit <= 0) return [];
    const rooms = [...options.perWebhook];
    const { rows } = await this.pool.query<
      StoredDelivery & { e_created_at: string; e_data: unknown; e_dedupe_key: string | null } & { w: StoredWebhook }
    >({
      name: 'citable-claim-deliveries',
      text: `WITH due AS (
               SELECT d.id, d.webhook_id, d.next_attempt_ms, d.seq
               FROM webhook_deliveries d
               WHERE d.status = 'pending' AND d.next_attempt_ms <= $1::bigint AND (d.lease_until_ms IS NULL OR d.lease_until_ms < $1::bigint)
               ORDER BY d.next_attempt_ms LIMIT ${CLAIM_WINDOW}
             ), ranked AS (
               SELECT due.*, row_number() OVER (PARTITION BY due.webhook_id ORDER BY due.next_attempt_ms, due.seq) AS rn FROM due
             ), allowed AS (
               SELECT r.id FROM ranked r
               JOIN webhooks w ON w.id = r.webhook_id AND w.disabled_at IS NULL
               LEFT JOIN unnest($4::text[], $5::int[]) AS room(webhook_id, slots) ON room.webhook_id = r.webhook_id
               WHERE r.rn <= COALESCE(room.slots, $6::int)
             ), picked AS (
               SELECT d.id FROM webhook_deliveries d
               WHERE d.id IN (SELECT id FROM allowed) AND d.status = 'pending' AND (d.lease_until_ms IS NULL OR d.lease_until_ms < $1::bigint)
               ORDER BY d.next_attempt_ms, d.seq LIMIT $3::int
               FOR UPDATE SKIP LOCKED
             ), claimed AS (
               UPDATE webhook_deliveries d SET lease_until_ms = $1::bigint + $2::bigint FROM picked WHERE d.id = picked.id
               RETURNING d.*
             )
             SELECT ${DELIVERY_COLUMNS.split(', ')
               .map((c) => `c.${c}`)
               .join(', ')},
                    e.created_at AS e_created_at, e.data AS e_data, e.dedupe_key AS e_dedupe_key,
                    row_to_json(w) AS w
             FROM claimed c JOIN webhook_events e ON e.id = c.event_id JOIN webhooks w ON w.id = c.webhook_id
             ORDER BY c.next_attempt_ms, c.seq`,
      values: [options.nowMs, options.leaseMs, options.limit, rooms.map(([id]) => id), rooms.map(([, n]) => n), options.perWebhookDefault],
    });
    return rows.map((row) => ({
      delivery: delivery(row),
      event: {
        id: row.event_id,
        account_id: row.account_id,
        type: row.type,
        created_at: row.e_created_at,
        data: row.e_data,
        dedupe_key: row.e_dedupe_key,
      },
      webhook: webhook(row.w),
    }));
  }

  async recordAttempt(
    deliveryId: string,
    result: AttemptResult,
    disable: { afterGone: number; reason: string; at: string },
  ): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const updated = await client.query<{ webhook_id: string }>(
        `UPDATE webhook_deliveries SET status = $2, attempts = attempts + 1, last_status_code = $3, next_attempt_ms = $4::bigint,
           last_attempt_at = $5, last_error = $6, log = (log::jsonb || jsonb_build_array($7::jsonb))::json, lease_until_ms = NULL
         WHERE id = $1 RETURNING webhook_id`,
        [
          deliveryId,
          result.status,
          result.attempt.status_code,
          result.next_attempt_ms,
          result.attempt.at,
          result.last_error,
          JSON.stringify(result.attempt),
        ],
      );
      const webhookId = updated.rows[0]?.webhook_id;
      if (!webhookId || result.answer === 'other') return false;
      if (result.answer === 'ok') {
        await client.query('UPDATE webhooks SET gone_streak = 0 WHERE id = $1 AND gone_streak <> 0', [webhookId]);
        return false;
      }
      const { rows } = await client.query<{ disabled_now: boolean }>(
        `UPDATE webhooks w SET gone_streak = w.gone_streak + 1,
           disabled_at = CASE WHEN w.disabled_at IS NULL AND w.gone_streak + 1 >= $2 THEN $3 ELSE w.disabled_at END,
           disabled_reason = CASE WHEN w.disabled_at IS NULL AND w.gone_streak + 1 >= $2 THEN $4 ELSE w.disabled_reason END
         FROM (SELECT id, disabled_at AS was FROM webhooks WHERE id = $1 FOR UPDATE) old
         WHERE w.id = old.id
         RETURNING (old.was IS NULL AND w.disabled_at IS NOT NULL) AS disabled_now`,
        [webhookId, disable.afterGone, disable.at, disable.reason],
      );
      if (!rows[0]?.disabled_now) return false;
      await client.query(
        `UPDATE webhook_deliveries SET status = 'failed', next_attempt_ms = NULL, last_error = $2, lease_until_ms = NULL WHERE webhook_id = $1 AND status = 'pending'`,
        [webhookId, disable.reason],
      );
      return true;
    });
  }

  async nextDueMs(): Promise<number | null> {
    const { rows } = await this.pool.query<{ at: number | null }>(
      `SELECT min(GREATEST(next_attempt_ms, COALESCE(lease_until_ms, 0))) AS at FROM webhook_deliveries WHERE status = 'pending'`,
    );
    return rows[0]?.at ?? null;
  }

  async getDelivery(accountId: string, id: string): Promise<StoredDelivery | null> {
    const { rows } = await this.pool.query<StoredDelivery>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    return rows[0] ? delivery(rows[0]) : null;
  }

  async redeliver(accountId: string, deliveryId: string, nowMs: number): Promise<StoredDelivery | null> {
    const { rows } = await this.pool.query<StoredDelivery>(
      `INSERT INTO webhook_deliveries (id, webhook_id, account_id, event_id, type, status, next_attempt_ms, created_at, created_ms)
       SELECT $3, d.webhook_id, d.account_id, d.event_id, d.type, 'pending', $4::bigint, $5, $4::bigint
         FROM webhook_deliveries d WHERE d.id = $1 AND d.account_id = $2
       RETURNING ${DELIVERY_COLUMNS}`,
      [deliveryId, accountId, `dlv_${randomBase62(20)}`, nowMs, new Date(nowMs).toISOString()],
    );
    return rows[0] ? delivery(rows[0]) : null;
  }

  async listDeliveries(
    accountId: string,
    webhookId: string,
    query: { limit: number; after?: { created_ms: number; id: string } },
  ): Promise<DeliveryPage> {
    const values: unknown[] = [webhookId, accountId, query.limit + 1];
    let where = 'webhook_id = $1 AND account_id = $2';
    if (query.after) {
      values.push(query.after.created_ms, query.after.id);
      where += ' AND (created_ms, id) < ($4::bigint, $5::text)';
    }
    const { rows } = await this.pool.query<StoredDelivery & { created_ms: number }>(
      `SELECT ${DELIVERY_COLUMNS}, created_ms FROM webhook_deliveries WHERE ${where} ORDER BY created_ms DESC, id DESC LIMIT $3`,
      values,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      deliveries: page.map(delivery),
      next: rows.length > query.limit && last ? { created_ms: last.created_ms, id: last.id } : null,
    };
  }

  async close(): Promise<void> {}
}

function webhook(row: StoredWebhook): StoredWebhook {
  return {
    id: row.id,
    account_id: row.account_id,
    url: row.url,
    events: [...row.events],
    format: row.format,
    secret: row.secret,
    created_at: row.created_at,
    disabled_at: row.disabled_at,
    disabled_reason: row.disabled_reason,
    gone_streak: row.gone_streak,
  };
}

function delivery(row: StoredDelivery): StoredDelivery {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    account_id: row.account_id,
    event_id: row.event_id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    next_attempt_ms: row.next_attempt_ms === null ? null : Number(row.next_attempt_ms),
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at,
    last_error: row.last_error,
    log: (row.log as DeliveryAttempt[]).map((a) => ({ ...a })),
  };
}
