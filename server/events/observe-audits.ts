/**
 * Audit events fire for every audit an account stores, whichever path stored it: the store is wrapped
 * so that a put that stored a new audit (`created`) publishes its events before it resolves; the API
 * answers only once they are in the outbox. A put of an audit already stored (`identical`, the
 * extension resending) publishes nothing, so nothing fires twice. Page audits of a crawl raise no audit
 * events (the crawl raises crawl.completed). A failure to publish is logged; the audit stays stored.
 */
import type { Audit } from '../../shared/types/audit.js';
import type { Logger } from '../logging/logger.js';
import type { PutAuditOutcome } from '../store/contracts/audits.js';
import type { Store } from '../store/contracts/store.js';
import { currentMonitorId } from './audit-context.js';
import { AUDIT_EVENT_TYPES, auditEvents } from './audit-events.js';
import { findPreviousAudit } from './previous-audit.js';
import type { EventPublisher } from './publisher.js';

export function observeAudits(store: Store, publisher: EventPublisher, logger: Logger): Store {
  const putAudit = async (accountId: string, audit: Audit, hash: string): Promise<PutAuditOutcome> => {
    const outcome = await store.putAudit(accountId, audit, hash);
    if (outcome === 'created' && !isCrawlPage(audit)) {
      await publishAuditEvents(store, publisher, accountId, audit, currentMonitorId()).catch((error: unknown) =>
        logger.error('audit events could not be stored', { audit_id: audit.id, error: String(error) }),
      );
    }
    return outcome;
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'putAudit') return putAudit;
      const value: unknown = Reflect.get(target, property, target); // the target as receiver: its #private fields
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export async function publishAuditEvents(
  store: Store,
  publisher: EventPublisher,
  accountId: string,
  audit: Audit,
  monitorId: string | null,
): Promise<number> {
  if (!(await publisher.wants(accountId, AUDIT_EVENT_TYPES))) return 0;
  const { previous, superseded } = await findPreviousAudit(store, accountId, audit);
  const events = auditEvents(audit, superseded ? null : previous, monitorId);
  let stored = 0;
  for (const event of events) {
    const published = await publisher.publish(accountId, event.type, event.data as never, { dedupeKey: `audit:${audit.id}:${event.type}` });
    stored += published.deliveries.length;
  }
  return stored;
}

function isCrawlPage(audit: Audit): boolean {
  const loose = audit as unknown as { crawl_id?: unknown; origin: string };
  return loose.origin === 'crawl' || typeof loose.crawl_id === 'string';
}
