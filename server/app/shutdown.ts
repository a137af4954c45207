/**
 * Graceful stop: refuse new requests, stop accepting connections, let running requests (audits
 * included) finish for up to `graceMs`, then cancel what still runs (those answer 503), wait briefly
 * for the answers to leave, and close the store once nothing can write to it any more.
 */
import type http from 'node:http';
import type { CitableApp } from './create-app.js';
import type { Logger } from '../logging/logger.js';

export interface ShutdownDeps {
  server: http.Server;
  citable: CitableApp;
  closeStore: () => Promise<void>;
  logger: Logger;
  graceMs: number;
  /** After cancelling, how long the cancelled requests get to answer. */
  cancelGraceMs?: number;
}

export async function shutDown(deps: ShutdownDeps): Promise<void> {
  const { server, citable, logger } = deps;
  citable.startDraining();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();

  const inFlight = citable.runner.pending;
  logger.info('shutting down', { audits_in_flight: inFlight, grace_ms: deps.graceMs });
  if (!(await settlesWithin(closed, deps.graceMs))) {
    logger.warn('grace period over: cancelling running audits', { audits_in_flight: citable.runner.pending });
    citable.runner.abortAll('the server is shutting down');
    if (!(await settlesWithin(closed, deps.cancelGraceMs ?? 5_000))) server.closeAllConnections();
    await closed;
  }
  await citable.traffic.stop(); // a log ingest under way stops at its next committed chunk and resumes at the next start
  await deps.closeStore();
  logger.info('stopped');
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
