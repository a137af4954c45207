/** One versioned schema change: NNNN-name.ts in this folder, listed in index.ts (infra/migrate.ts applies them in version order; a released one is never edited). */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
