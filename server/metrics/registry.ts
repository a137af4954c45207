/**
 * The process's metrics, in the Prometheus text format (docs/operations.md#metrics). One registry per
 * process, as Prometheus expects of a scrape target: with several processes behind a proxy, each exposes
 * its own and Prometheus scrapes each. Names follow Prometheus's conventions: the `citable_` prefix, base
 * units (seconds, bytes), `_total` on counters. The process metrics are prom-client's defaults
 * (`process_*`, `nodejs_*`), under their usual names so stock dashboards read them.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';
import { sharedExposition } from './exposition.js';

export const metricsRegistry = new Registry();

let defaultsCollected = false;

/** Starts collecting the process metrics (CPU, memory, event loop lag, GC, handles); once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The exposition: the registry's text (exposition.ts: prom-client's text, written faster) and its content type. */
export async function exposition(): Promise<{ text: string; contentType: string }> {
  return { text: await sharedExposition(metricsRegistry), contentType: metricsRegistry.contentType };
}
