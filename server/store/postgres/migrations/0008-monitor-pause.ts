/**
 * Pausing monitors (PATCH /monitors/{id}), one migration in MIGRATIONS (./index.ts): `paused_at`,
 * null for every existing monitor (not paused). The claim skips paused rows; no index is needed, since
 * `monitors_due` still narrows the claim to due rows first.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 8,
  name: 'monitors.paused_at: paused monitors (existing monitors: not paused)',
  sql: `
    ALTER TABLE monitors ADD COLUMN paused_at text;
  `,
};
