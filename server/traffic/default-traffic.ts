/**
 * The traffic service an app gets when none is given (tests): uploads spooled under the system's temporary
 * directory, crawler.spoofed raised through the app's publisher.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/contracts/store.js';
import type { EventPublisher } from '../events/publisher.js';
import { spoofEvents } from './spoof-events.js';
import { createTrafficService, LOG_UPLOAD_MAX_BYTES_DEFAULT, type TrafficService } from './traffic-service.js';

export function defaultTrafficService(store: Store, logger: Logger, now: () => Date, publisher: EventPublisher): TrafficService {
  return createTrafficService({
    traffic: () => store.traffic(),
    spoolDir: mkdtempSync(path.join(os.tmpdir(), 'citable-spool-')),
    maxUploadBytes: LOG_UPLOAD_MAX_BYTES_DEFAULT,
    now,
    logger,
    onChunk: spoofEvents(publisher, () => store.projects()),
  });
}
