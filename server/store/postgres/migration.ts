/** One versioned schema change (migrations.ts runs them in order; a released one is never edited). */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
