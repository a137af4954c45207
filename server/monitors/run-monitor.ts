/**
 * One monitor run: an audit of the URL through the server's audit runner (its SSRF guard, deadline and
 * worker threads; monitor runs do not count toward the 10 audits per minute), stored for the account
 * inside `asMonitorRun` so its events name the monitor; or a crawl through the crawl launcher, which
 * raises crawl.completed. Returns what to record, or null when the server is stopping (the run keeps
 * its lease and starts again after the restart).
 */
import { AuditFetchError, AuditInputError, AuditRenderError } from '../../shared/audit/errors.js';
import type { Audit } from '../../shared/types/audit.js';
import { AuditCancelledError, AuditorBusyError, AuditTooHeavyError } from '../audits/audit-runner.js';
import { canonicalHash } from '../audits/canonical-hash.js';
import { asMonitorRun } from '../events/audit-context.js';
import type { EventPublisher } from '../events/publisher.js';
import type { MonitorRunOutcome, StoredMonitor } from '../store/contracts/monitors.js';
import type { Store } from '../store/contracts/store.js';
import { NO_CRAWLS_MESSAGE, type CrawlLauncher } from './crawl-launcher.js';

export interface RunMonitorDeps {
  /** The store whose puts raise audit events (server/events/observe-audits.ts). */
  store: Store;
  runAudit: (url: string, options: { render?: boolean }) => Promise<Audit>;
  crawls: CrawlLauncher | null;
  publisher: EventPublisher;
  now: () => Date;
}

export async function runMonitor(deps: RunMonitorDeps, monitor: StoredMonitor, signal: AbortSignal): Promise<MonitorRunOutcome | null> {
  const finished = (result_id: string | null, error: string | null): MonitorRunOutcome => ({
    finished_at: deps.now().toISOString(),
    result_id,
    error,
  });
  if (monitor.kind === 'crawl') {
    if (!deps.crawls) return finished(null, NO_CRAWLS_MESSAGE);
    try {
      const crawl = await deps.crawls.crawl(monitor.account_id, monitor.url, monitor.max_pages ?? 100, signal, monitor.render ?? 'none');
      await deps.publisher.publish(
        monitor.account_id,
        'crawl.completed',
        { crawl, monitor_id: monitor.id },
        { dedupeKey: `crawl:${crawl.id}:completed` },
      );
      return finished(crawl.id, crawl.status === 'complete' ? null : `the crawl ended ${crawl.status}`);
    } catch (error) {
      if (signal.aborted) return null;
      return finished(null, `the crawl could not run: ${(error as Error).message}`);
    }
  }
  try {
    const render = (monitor.render ?? 'none') !== 'none';
    const audit = await deps.runAudit(monitor.url, render ? { render } : {});
    await asMonitorRun(monitor.id, () => deps.store.putAudit(monitor.account_id, audit, canonicalHash(audit)));
    return finished(audit.id, null);
  } catch (error) {
    if (error instanceof AuditCancelledError || signal.aborted) return null;
    if (error instanceof AuditInputError || error instanceof AuditFetchError || error instanceof AuditTooHeavyError) {
      return finished(null, `the page could not be audited: ${error.message}`);
    }
    if (error instanceof AuditorBusyError) return finished(null, 'the server was too busy to audit; the next due run tries again');
    if (error instanceof AuditRenderError && error.code !== 'aborted')
      return finished(null, `the page could not be rendered: ${error.message}`);
    throw error;
  }
}
