/**
 * Which monitor, if any, is storing the audit being stored: a monitor run puts its audit inside
 * `asMonitorRun`, and the events the audit raises name the monitor. Every other path (POST /audits, the
 * extension's PUT, MCP) stores outside it and its events say `monitor_id: null`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<{ monitorId: string }>();

export function asMonitorRun<T>(monitorId: string, work: () => Promise<T>): Promise<T> {
  return context.run({ monitorId }, work);
}

export function currentMonitorId(): string | null {
  return context.getStore()?.monitorId ?? null;
}
