/** Projects in PostgreSQL (migrations/0006-citation-intelligence.ts): one row per project, the document as json. */
import type pg from 'pg';
import type { ProjectStore, StoredProject } from '../contracts/projects.js';
import { inTransaction, LOCK_KEY_SQL } from './infra/pool.js';

export class PostgresProjectStore implements ProjectStore {
  constructor(private readonly pool: pg.Pool) {}

  async create(project: StoredProject, limit: number): Promise<'created' | 'limit'> {
    return inTransaction(this.pool, async (client) => {
      // The limit holds across processes: creates of one account queue on its lock.
      await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY_SQL})`, [`citable:projects:${project.account_id}`]);
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM projects WHERE account_id = $1', [
        project.account_id,
      ]);
      if (rows[0]!.n >= limit) return 'limit';
      await client.query('INSERT INTO projects (id, account_id, project) VALUES ($1, $2, $3)', [
        project.id,
        project.account_id,
        JSON.stringify(project),
      ]);
      return 'created';
    });
  }

  async list(accountId: string): Promise<StoredProject[]> {
    const { rows } = await this.pool.query<{ project: StoredProject }>('SELECT project FROM projects WHERE account_id = $1 ORDER BY seq', [
      accountId,
    ]);
    return rows.map((r) => r.project);
  }

  async get(accountId: string, id: string): Promise<StoredProject | null> {
    const { rows } = await this.pool.query<{ project: StoredProject }>('SELECT project FROM projects WHERE id = $1 AND account_id = $2', [
      id,
      accountId,
    ]);
    return rows[0]?.project ?? null;
  }

  async update(project: StoredProject): Promise<boolean> {
    const result = await this.pool.query('UPDATE projects SET project = $3 WHERE id = $1 AND account_id = $2', [
      project.id,
      project.account_id,
      JSON.stringify(project),
    ]);
    return result.rowCount === 1;
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    const result = await this.pool.query('DELETE FROM projects WHERE id = $1 AND account_id = $2', [id, accountId]);
    return result.rowCount === 1;
  }
}
