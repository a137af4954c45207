import type { ResourceLimits } from 'node:worker_threads';

/**
 * Heap bounds of each thread. Old space: the most pathological 5 MB pages measured (a million nested
 * elements, 2 MB of nested JSON-LD) need between 96 and 192 MB; beyond 256 MB the thread dies and only
 * its audit fails (422), not the server. A small young generation keeps the garbage of parsing from
 * piling up in four threads at once: the hostile-load stress test peaked at 520 MB RSS without bounds,
 * about 380 MB with them.
 */
export const THREAD_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 };
