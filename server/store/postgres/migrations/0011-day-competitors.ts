/**
 * The competitors of a day folded into its row (GET /citations/summary at a year of data), one migration in
 * MIGRATIONS (./index.ts). A year's summary aggregated 10,950 competitor rows (5 competitors × 6
 * engines × 365 days) twice over to attach them to 2,190 day rows; now each day row of an engine carries its
 * competitors' visible runs as a JSON object (name → runs), and the summary reads the 2,190 rows as stored.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 11,
  name: 'citation day rows carry their competitors',
  sql: `
    ALTER TABLE citation_rollup_days ADD COLUMN competitors jsonb NOT NULL DEFAULT '{}';
    UPDATE citation_rollup_days d SET competitors = c.competitors
    FROM (SELECT scope, day, engine, jsonb_object_agg(name, visible) AS competitors FROM citation_rollup_competitors GROUP BY scope, day, engine) c
    WHERE c.scope = d.scope AND c.day = d.day AND c.engine = d.engine;
    INSERT INTO citation_rollup_days (scope, day, engine, runs, visible, mentioned, cited, position_sum, position_count, competitors)
    SELECT scope, day, engine, 0, 0, 0, 0, 0, 0, jsonb_object_agg(name, visible)
    FROM citation_rollup_competitors c
    WHERE NOT EXISTS (SELECT 1 FROM citation_rollup_days d WHERE d.scope = c.scope AND d.day = c.day AND d.engine = c.engine)
    GROUP BY scope, day, engine;
    DROP TABLE citation_rollup_competitors;
  `,
};
