/**
 * An account's report branding (`GET/PUT /branding`): reached through `Store.branding()`; lowdb in
 * lowdb/branding.ts, PostgreSQL in postgres/branding.ts. A write resolves once durable.
 */

export interface StoredBranding {
  account_id: string;
  name: string | null;
  /** `#rrggbb`, lower case. */
  accent: string | null;
  /** A `data:` URL (PNG, JPEG or sanitised SVG), at most 200 KB of image. */
  logo: string | null;
  /** An email address or an http(s) address; absent in brandings stored before it existed. */
  contact?: string | null;
  /** White label: the reports never mention Citable. */
  white_label?: boolean;
  /** The reports' language (`en`, `de`, `fr`, `es`); absent in brandings stored before it existed. */
  language?: string | null;
  updated_at: string;
}

export interface BrandingStore {
  /** The account's branding, or null when it never set one. */
  getBranding(accountId: string): Promise<StoredBranding | null>;
  /** Replaces the account's branding as a whole. */
  putBranding(branding: StoredBranding): Promise<void>;
  close(): Promise<void>;
}
