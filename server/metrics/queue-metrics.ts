/**
 * Queue depths and ages: how much work waits, and how long the oldest item has waited. Each queue is a
 * source registered by the part that owns it (the audit threads' waiting line, the webhook outbox, the
 * BullMQ queues with REDIS_URL); the gauges ask every source at each scrape, so nothing runs between scrapes.
 */
import { Gauge } from 'prom-client';
import { metricsRegistry } from './registry.js';

export interface QueueSample {
  /** Items waiting; null when the source cannot count them cheaply (only the age is known). */
  depth: number | null;
  /** Seconds the oldest waiting item has waited; 0 when none waits. */
  oldestAgeSeconds: number;
}

type Source = () => Promise<QueueSample | null> | QueueSample | null;

const sources = new Map<string, Source>();

async function sample(): Promise<Array<[string, QueueSample]>> {
  const taken = await Promise.all(
    [...sources].map(async ([name, source]): Promise<[string, QueueSample | null]> => {
      try {
        return [name, await source()];
      } catch {
        return [name, null]; // a queue that cannot answer (Redis down) leaves its series out of this scrape
      }
    }),
  );
  return taken.filter((entry): entry is [string, QueueSample] => entry[1] !== null);
}

let lastScrape: Promise<Array<[string, QueueSample]>> | null = null;

/** Both gauges read one sample per scrape: the first asks the sources, the second reuses the answer. */
function sampleOnce(): Promise<Array<[string, QueueSample]>> {
  if (!lastScrape) {
    lastScrape = sample();
    void lastScrape.finally(() => setImmediate(() => (lastScrape = null)));
  }
  return lastScrape;
}

new Gauge({
  name: 'citable_queue_depth',
  help: 'Items waiting in a queue of this process (BullMQ queues: waiting and delayed jobs, shared by every process).',
  labelNames: ['queue'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [name, s] of await sampleOnce()) if (s.depth !== null) this.labels(name).set(s.depth);
  },
});

new Gauge({
  name: 'citable_queue_oldest_age_seconds',
  help: 'Seconds the oldest waiting item of a queue has waited (0 when it is empty).',
  labelNames: ['queue'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [name, s] of await sampleOnce()) this.labels(name).set(s.oldestAgeSeconds);
  },
});

/** Adds a queue to the gauges; returns what removes it (at shutdown). A second source of the same name replaces the first. */
export function registerQueue(name: string, source: Source): () => void {
  sources.set(name, source);
  return () => {
    if (sources.get(name) === source) sources.delete(name);
  };
}
