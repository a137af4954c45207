/**
 * Projects, reached through `Store.projects()`: lowdb (lowdb/projects.ts, a journal under
 * DATA_DIR/citations/) and PostgreSQL (postgres/projects.ts). Every write resolves once it is durable.
 */
import type { Project } from '../../../shared/schema/project.js';

export interface StoredProject extends Project {
  account_id: string;
}

export interface ProjectStore {
  /** Adds a project unless the account holds `limit` already. */
  create(project: StoredProject, limit: number): Promise<'created' | 'limit'>;
  /** The account's projects, oldest first. */
  list(accountId: string): Promise<StoredProject[]>;
  get(accountId: string, id: string): Promise<StoredProject | null>;
  /** Replaces a project of the account; false when it has none with this id. */
  update(project: StoredProject): Promise<boolean>;
  delete(accountId: string, id: string): Promise<boolean>;
}
