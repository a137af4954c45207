/**
 * The exposition GET /metrics serves (server/metrics/exposition.ts) is prom-client's own text, byte for byte: for
 * counters and histograms with and without labels, label values that need escaping, a gauge read on scrape (which
 * goes through prom-client), and after observations between two scrapes (a histogram's kept lines are written
 * again once its count or sum changes).
 */
import { describe, expect, it } from 'vitest';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sharedExposition, writeExposition } from '../../../server/metrics/exposition.js';

function registryWithMetrics() {
  const registry = new Registry();
  const requests = new Counter({
    name: 't_requests_total',
    help: 'Requests\\ by "route"\nand status.',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const plain = new Counter({ name: 't_plain_total', help: 'No labels.', registers: [registry] });
  const seconds = new Histogram({
    name: 't_request_duration_seconds',
    help: 'Durations.',
    labelNames: ['route'],
    buckets: [0.005, 0.1, 1, 10],
    registers: [registry],
  });
  const bare = new Histogram({ name: 't_bare_seconds', help: 'A histogram without labels.', buckets: [1, 2], registers: [registry] });
  let depth = 0;
  new Gauge({
    name: 't_queue_depth',
    help: 'Read on scrape.',
    labelNames: ['queue'],
    registers: [registry],
    collect() {
      this.set({ queue: 'audits' }, depth++);
    },
  });
  new Counter({ name: 't_unused_total', help: 'Never counted.', labelNames: ['kind'], registers: [registry] });
  return { registry, requests, plain, seconds, bare };
}

describe('the /metrics exposition', () => {
  it("is prom-client's text, before and after observations between scrapes", async () => {
    const { registry, requests, plain, seconds, bare } = registryWithMetrics();
    const routes = ['/api/v1/audits/:id', '/a "quoted" \\ route\nwith a newline', '/api/v1/crawls'];
    for (const [i, route] of routes.entries()) {
      requests.inc({ route, status: '200' }, i + 1);
      seconds.observe({ route }, 0.003 * (i + 1));
    }
    plain.inc(0.5);
    bare.observe(1.5);
    // prom-client's gauge counts its scrapes: each comparison reads one scrape of each writer.
    const ours = await writeExposition(registry);
    expect(ours.replace(/t_queue_depth\{queue="audits"\} \d+/, 'Q')).toBe(
      (await registry.metrics()).replace(/t_queue_depth\{queue="audits"\} \d+/, 'Q'),
    );
    expect(ours).toContain('t_request_duration_seconds_bucket{le="0.005",route="/api/v1/audits/:id"} 1');
    expect(ours).toContain('route="/a \\"quoted\\" \\\\ route\\nwith a newline"');

    seconds.observe({ route: routes[0]! }, 5);
    seconds.observe({ route: '/new' }, 0.2);
    requests.inc({ route: routes[2]!, status: '500' });
    bare.observe(0.5);
    const again = await writeExposition(registry);
    expect(again.replace(/t_queue_depth\{queue="audits"\} \d+/, 'Q')).toBe(
      (await registry.metrics()).replace(/t_queue_depth\{queue="audits"\} \d+/, 'Q'),
    );
    expect(again).toContain('t_request_duration_seconds_count{route="/api/v1/audits/:id"} 2');
    expect(again).toContain('t_bare_seconds_bucket{le="1"} 1');

    seconds.reset();
    expect(await writeExposition(registry)).not.toContain('t_request_duration_seconds_count{');
  });

  it('scrapes that arrive while one is being written share its text', async () => {
    const { registry } = registryWithMetrics();
    const [first, second] = await Promise.all([sharedExposition(registry), sharedExposition(registry)]);
    expect(second).toBe(first);
    expect(first).toMatch(/t_queue_depth\{queue="audits"\} 0\n/);
    expect(await sharedExposition(registry)).toMatch(/t_queue_depth\{queue="audits"\} 1\n/); // a later scrape writes anew
  });
});
