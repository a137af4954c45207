/**
 * Audits in PostgreSQL (the audits table). PUT idempotency rests on the primary key: two processes racing
 * on one audit id cannot both insert; the loser reads the winner's row and answers identical or conflict,
 * exactly as lowdb does. The audit is kept as `json`, so GET serves the bytes as they were stored.
 */
import type pg from 'pg';
import type { AuditSummary } from '../../../shared/schema/api.js';
import type { Audit } from '../../../shared/types/audit.js';
import { AUDIT_ID } from '../../audits/audit-id.js';
import type { AuditAnchor, AuditListPage, AuditListQuery, AuditRecord, AuditStore, PutAuditOutcome } from '../contracts/audits.js';

const SUMMARY_COLUMNS = 'id::text AS id, url, final_url, score, builder, status, origin, scanned_at';

interface SummaryRow {
  id: string;
  url: string;
  final_url: string;
  score: number;
  builder: string;
  status: string;
  origin: string;
  scanned_at: string;
  scanned_ms: number;
}

export class PostgresAuditStore implements AuditStore {
  constructor(private readonly pool: pg.Pool) {}

  async putAudit(accountId: string, audit: Audit, hash: string): Promise<PutAuditOutcome> {
    if (!AUDIT_ID.test(audit.id)) throw new Error(`not an audit id: ${JSON.stringify(audit.id)}`);
    const scannedMs = Date.parse(audit.scanned_at);
    if (Number.isNaN(scannedMs)) throw new Error(`scanned_at is not a time: ${JSON.stringify(audit.scanned_at)}`);
    const inserted = await this.pool.query({
      name: 'citable-put-audit',
      text: `INSERT INTO audits (id, account_id, scanned_ms, scanned_at, url, final_url, score, builder, status, origin, hash, audit)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
             ON CONFLICT (id) DO NOTHING`,
      values: [
        audit.id,
        accountId,
        scannedMs,
        audit.scanned_at,
        audit.url,
        audit.final_url,
        audit.score,
        audit.builder,
        audit.status,
        audit.origin,
        hash,
        JSON.stringify(audit),
      ],
    });
    if (inserted.rowCount === 1) return 'created';
    // The id was taken (by us, by another account, or by another process a moment ago: ON CONFLICT
    // waited for its commit). Compare with what is stored.
    const { rows } = await this.pool.query<{ account_id: string; hash: string }>('SELECT account_id, hash FROM audits WHERE id = $1', [
      audit.id,
    ]);
    const existing = rows[0];
    return existing && existing.account_id === accountId && existing.hash === hash ? 'identical' : 'conflict';
  }

  async getAuditJson(accountId: string, id: string): Promise<Buffer | null> {
    if (!AUDIT_ID.test(id)) return null;
    const { rows } = await this.pool.query<{ json: string }>({
      name: 'citable-get-audit',
      text: 'SELECT audit::text AS json FROM audits WHERE id = $1 AND account_id = $2',
      values: [id, accountId],
    });
    return rows[0] ? Buffer.from(rows[0].json) : null;
  }

  async getAuditRecord(accountId: string, id: string): Promise<AuditRecord | null> {
    if (!AUDIT_ID.test(id)) return null;
    const { rows } = await this.pool.query<SummaryRow & { account_id: string; hash: string }>(
      `SELECT ${SUMMARY_COLUMNS}, scanned_ms, account_id, hash FROM audits WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    const row = rows[0];
    return row ? { ...summary(row), account_id: row.account_id, hash: row.hash } : null;
  }

  /** Newest first by (scanned_at, id), keyset-paginated: each page is one index range scan, however deep. */
  async listAudits(accountId: string, query: AuditListQuery): Promise<AuditListPage> {
    const values: unknown[] = [accountId, query.limit + 1];
    const where = ['account_id = $1'];
    if (query.after) {
      if (!AUDIT_ID.test(query.after.id)) return { audits: [], next: null };
      values.push(query.after.time, query.after.id);
      where.push(`(scanned_ms, id) < ($${values.length - 1}::bigint, $${values.length}::uuid)`);
    }
    if (query.url !== undefined) {
      values.push(query.url);
      const p = `$${values.length}`;
      where.push(`((md5(url) = md5(${p}) AND url = ${p}) OR (md5(final_url) = md5(${p}) AND final_url = ${p}))`);
    }
    const { rows } = await this.pool.query<SummaryRow>(
      `SELECT ${SUMMARY_COLUMNS}, scanned_ms FROM audits WHERE ${where.join(' AND ')} ORDER BY scanned_ms DESC, audits.id DESC LIMIT $2`,
      values,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return { audits: page.map(summary), next: rows.length > query.limit && last ? { time: last.scanned_ms, id: last.id } : null };
  }

  /** Store.earlierAudits: one keyset range scan of the newest-first index, filtered by the md5 of either URL. */
  async earlierAudits(accountId: string, anchor: AuditAnchor, limit: number): Promise<AuditSummary[]> {
    const time = Date.parse(anchor.scanned_at);
    if (!AUDIT_ID.test(anchor.id) || Number.isNaN(time)) return [];
    const { rows } = await this.pool.query<SummaryRow>({
      name: 'citable-earlier-audits',
      text: `SELECT ${SUMMARY_COLUMNS}, scanned_ms FROM audits
             WHERE account_id = $1 AND (scanned_ms, id) < ($2::bigint, $3::uuid)
               AND ((md5(url) IN (md5($4), md5($5)) AND url IN ($4, $5)) OR (md5(final_url) IN (md5($4), md5($5)) AND final_url IN ($4, $5)))
             ORDER BY scanned_ms DESC, audits.id DESC LIMIT $6`,
      values: [accountId, time, anchor.id, anchor.url, anchor.final_url, limit],
    });
    return rows.map(summary);
  }

  async countAudits(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM audits');
    return rows[0]!.n;
  }
}

function summary(row: SummaryRow): AuditSummary {
  return {
    id: row.id,
    url: row.url,
    final_url: row.final_url,
    score: row.score,
    builder: row.builder,
    status: row.status as AuditSummary['status'],
    origin: row.origin as AuditSummary['origin'],
    scanned_at: row.scanned_at,
  };
}
