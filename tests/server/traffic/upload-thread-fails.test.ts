/**
 * An upload whose counting thread dies loses nothing: the spool file is read instead, every line counted once,
 * and the log says why. The thread here is a script that exits on the first bytes it is given.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../server/logging/logger.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import { createTrafficService } from '../../../server/traffic/traffic-service.js';
import { trafficEnvelopeSchema } from '../../../shared/schema/traffic.js';
import { nginx, UA } from '../../logs/samples.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

const line = (i: number) => nginx('20.171.206.12', '05/Aug/2026:10:00:00 +0000', `GET /t${i % 9} HTTP/1.1`, 200, '-', UA.gptbot);

describe('an upload whose counting thread dies', () => {
  let api: TestApi;
  let projectId: string;
  const logger = createMemoryLogger();

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-thread-fails-'));
    const store = await LowdbStore.open(dataDir);
    const traffic = createTrafficService({
      traffic: () => store.traffic(),
      spoolDir: path.join(dataDir, 'spool'),
      maxUploadBytes: 10_000_000,
      now: () => new Date(),
      logger,
      chunkBytes: 20_000,
      parseThreadMinBytes: 0,
      parseWorker: new URL('./fixtures/dying-upload-worker.mjs', import.meta.url),
    });
    api = await startTestApi({ dataDir, store, traffic });
    projectId = (await api.request('POST', '/api/v1/projects', { body: { name: 'Acme', domain: 'acme.com' } })).json.project.id;
  });
  afterAll(() => api.close({ removeData: true }));

  it('is read from its spool file instead: every line counted once, and the log says why', async () => {
    const body = Array.from({ length: 3000 }, (_, i) => line(i)).join('\n') + '\n';
    const res = await fetch(`${api.url}/api/v1/projects/${projectId}/logs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}` },
      body,
    });
    expect(res.status).toBe(202);
    const { ingest } = (await res.json()) as { ingest: { id: string } };
    await api.citable.traffic.idle();
    const read = await api.request('GET', `/api/v1/projects/${projectId}/logs/${ingest.id}`);
    expect(read.json.ingest).toMatchObject({ status: 'done', lines: 3000 });
    const traffic = trafficEnvelopeSchema.parse((await api.request('GET', `/api/v1/projects/${projectId}/traffic`)).json).traffic;
    expect(traffic.agents.find((a) => a.agent === 'GPTBot')?.hits).toBe(3000);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        msg: expect.stringMatching(/counting an upload on its thread failed/),
        reason: expect.stringMatching(/exit code 3/),
      }),
    );
  });
});
