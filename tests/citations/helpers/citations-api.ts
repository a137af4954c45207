/** The real API on 127.0.0.1 with citation tracking pointed at the provider fakes (no real waiting between retries). */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readCitationConfig } from '../../../server/citations/config.js';
import type { PairStoredHook } from '../../../server/citations/check/pair-stored.js';
import { createCitationsRuntime, type CitationsRuntime } from '../../../server/citations/runtime.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import type { ProviderFakes } from '../../helpers/fake-providers/index.js';
import { startTestApi, type TestApi } from '../../server/helpers/test-api.js';

export interface CitationsTestApi extends TestApi {
  citations: CitationsRuntime;
  /** Waits until no check is running. */
  idle(): Promise<void>;
}

export async function startCitationsApi(
  fakes: ProviderFakes,
  options: { env?: Record<string, string | undefined>; now?: () => Date; onPairStored?: PairStoredHook } = {},
): Promise<CitationsTestApi> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-citations-api-'));
  const store = await LowdbStore.open(dataDir);
  const citations = createCitationsRuntime({
    config: readCitationConfig(fakes.env(options.env)),
    store: () => store.citations(),
    projects: () => store.projects(),
    now: options.now,
    http: { sleep: async () => undefined, random: () => 0.5 },
    ...(options.onPairStored ? { onPairStored: options.onPairStored } : {}),
  });
  const api = await startTestApi({ dataDir, store, citations, ...(options.now ? { now: options.now } : {}) });
  return {
    ...api,
    citations,
    idle: () => citations.runner.whenIdle(),
    async close(closeOptions) {
      await citations.scheduler.stop();
      await api.close(closeOptions);
    },
  };
}
