/**
 * What the server needs from storage: the `Store`, every resource together. Each resource's interface is
 * a file of its own in this folder (accounts and audits are methods of the store itself; the others are
 * sub-stores, opened on first use), implemented under the same file name in lowdb/ (the embedded default)
 * and postgres/ (DATABASE_URL); lowdb/store.ts and postgres/store.ts put them together, and factory.ts
 * picks one. Nothing else in the server changes with the engine. Every method that resolves after a
 * write resolves only once that write is durable.
 */
import type { AccountStore } from './accounts.js';
import type { AuditStore } from './audits.js';
import type { BrandingStore } from './branding.js';
import type { CitationStore } from './citations.js';
import type { CrawlStore } from './crawls.js';
import type { MonitorStore } from './monitors.js';
import type { ProjectStore } from './projects.js';
import type { ShareStore } from './shares.js';
import type { StoreMaintenance } from './store-maintenance.js';
import type { WebhookStore } from './webhooks.js';

export interface Store extends AccountStore, AuditStore, StoreMaintenance {
  /** Tracked prompts, citation results and checks (contracts/citations.ts), opened on first use. */
  citations(): Promise<CitationStore>;
  /** Report branding per account (contracts/branding.ts), opened on first use. */
  branding(): Promise<BrandingStore>;
  /** Report share links (contracts/shares.ts), opened on first use. */
  shares(): Promise<ShareStore>;

  /** Site audits: crawl records, frontiers and rollups (contracts/crawls.ts), opened on first use. */
  crawls(): Promise<CrawlStore>;
  /** Monitors and their runs (contracts/monitors.ts), opened on first use. */
  monitors(): Promise<MonitorStore>;
  /** Webhooks and the event outbox (contracts/webhooks.ts), opened on first use. */
  webhooks(): Promise<WebhookStore>;

  /** Projects: client sites, brands and competitors (contracts/projects.ts), opened on first use. */
  projects(): Promise<ProjectStore>;

  /** Waits for pending writes, then releases files. */
  close(): Promise<void>;
}
