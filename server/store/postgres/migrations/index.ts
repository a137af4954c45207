/**
 * The PostgreSQL schema, one migration per file (NNNN-name.ts, NNNN its version), listed here in the order
 * they apply. infra/migrate.ts applies those a database lacks at start-up (server and CLI). A migration is
 * never edited once released (tests/server/store/postgres/migrations.test.ts holds each one's checksum); a
 * change is a new file with the next number, and one line below.
 *
 * Layout decisions (see README, "Scaling out"):
 * - Identifiers are `COLLATE "C"` (byte order): cursors compare ids the way JavaScript does.
 * - Timestamps the API echoes are kept as the exact strings stored (`scanned_at` may carry an offset);
 *   beside them, epoch milliseconds as bigint for ordering and filters.
 * - Documents (audit, prompt, result row, check) are `json`, which keeps the text exactly as written:
 *   GET /audits/{id} serves the stored bytes as they are, like the embedded store.
 * - audits: the primary key serves GET by id; (account_id, scanned_ms DESC, id DESC) serves the
 *   newest-first list with keyset pagination; md5 expression indexes serve ?url= (URLs may be long).
 */
import type { Migration } from './migration.js';
import { migration as v1 } from './0001-accounts-keys-audits.js';
import { migration as v2 } from './0002-citation-import-key.js';
import { migration as v3 } from './0003-key-scopes.js';
import { migration as v4 } from './0004-reports.js';
import { migration as v5 } from './0005-monitors-webhooks.js';
import { migration as v6 } from './0006-citation-intelligence.js';
import { migration as v7 } from './0007-crawls.js';
import { migration as v8 } from './0008-monitor-pause.js';
import { migration as v9 } from './0009-source-engines-index.js';
import { migration as v10 } from './0010-source-years.js';
import { migration as v11 } from './0011-day-competitors.js';
import { migration as v12 } from './0012-source-blocks.js';
import { migration as v13 } from './0013-monitor-run-budgets.js';
import { migration as v14 } from './0014-maintenance-runs.js';
import { migration as v15 } from './0015-monitor-render.js';
import { migration as v16 } from './0016-traffic.js';
import { migration as v17 } from './0017-traffic-blocks.js';

export type { Migration } from './migration.js';

export const MIGRATIONS: readonly Migration[] = [v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17];
