/** Read-only keys and keys that expire: api_keys.scope and api_keys.expires_at (existing keys: full access, no expiry). */
import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 3,
  name: 'api_keys.scope and api_keys.expires_at: read-only keys and keys that expire (existing keys: full access, no expiry)',
  sql: `
      ALTER TABLE api_keys ADD COLUMN scope text NOT NULL DEFAULT 'full' CHECK (scope IN ('full', 'read'));
      ALTER TABLE api_keys ADD COLUMN expires_at text;
    `,
};
