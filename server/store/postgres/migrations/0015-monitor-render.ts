/**
 * Rendering on the server for monitors, one migration in MIGRATIONS (./index.ts): `render`, what each run asks
 * of the browser (`none`, `sample` or `all`; an audit monitor's `render: true` is `all`). Every existing
 * monitor renders nothing, as before.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 15,
  name: "monitors.render: pages rendered by each run (existing monitors: 'none')",
  sql: `
    ALTER TABLE monitors ADD COLUMN render text NOT NULL DEFAULT 'none' CHECK (render IN ('none', 'sample', 'all'));
  `,
};
