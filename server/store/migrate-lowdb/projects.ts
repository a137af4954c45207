/** Projects of a lowdb data directory into PostgreSQL. */
import type { StoredProject } from '../contracts/projects.js';
import type { EachCopy } from './copy-each.js';

/** Oldest first: PostgreSQL lists them in insert order, as lowdb does. */
export function projectsCopy(projects: readonly StoredProject[]): EachCopy {
  return {
    collection: 'projects',
    records: projects.map((p) => ({ id: p.id, value: p, params: [p.id, p.account_id, JSON.stringify(p)] })),
    insert: 'INSERT INTO projects (id, account_id, project) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
    select: 'SELECT id, project FROM projects WHERE id = ANY($1)',
    stored: (row) => row.project,
  };
}
