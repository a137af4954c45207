import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetcher } from '../../helpers/fake-fetcher.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

describe('bounded audit runs', () => {
  let api: TestApi | undefined;
  afterEach(() => api?.close({ removeData: true }));

  it('runs at most AUDIT_CONCURRENCY audits, queues up to AUDIT_QUEUE_LIMIT, answers 503 with Retry-After beyond', async () => {
    const fetcher = fakeFetcher({ slowMs: 400 });
    api = await startTestApi({ fetcher, config: { auditConcurrency: 1, auditQueueLimit: 1 } });
    const post = () => api!.request('POST', '/api/v1/audits', { body: { url: 'https://slow.example/' } });
    const [first, second, third] = await Promise.all([post(), post(), post()]);
    const statuses = [first, second, third].map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 503]);
    const busy = [first, second, third].find((r) => r.status === 503)!;
    expect(busy.json).toEqual({ error: 'Too many audits in progress: retry in a few seconds' });
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(api.citable.runner.pending).toBe(0);
  });
});
