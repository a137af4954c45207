/**
 * Traffic over long windows (docs/logs.md#the-api), one migration in MIGRATIONS (./index.ts): the rollups of
 * aligned blocks of 2 to 512 days (`traffic_blocks`, ../../rollup/traffic-blocks.ts), so a year's traffic reads
 * at most 17 rollups instead of 365. Each agent's hits per day are a column of their own, read only when the
 * traffic is filtered to an agent or a purpose. `traffic_block_projects` lists the projects whose blocks are
 * complete: a project with days from before this migration gets its blocks built once, when first asked for.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 17,
  name: 'traffic: blocks of days',
  sql: `
    CREATE TABLE traffic_blocks (
      project_id text COLLATE "C" NOT NULL,
      level int NOT NULL,
      start text COLLATE "C" NOT NULL,
      rollup json NOT NULL,
      agent_days json NOT NULL,
      PRIMARY KEY (project_id, level, start)
    );
    CREATE TABLE traffic_block_projects (
      project_id text COLLATE "C" PRIMARY KEY
    );
  `,
};
