/**
 * The API in-process with webhooks that deliver for real to loopback receivers: the test app's store, a
 * webhook runtime allowed to reach 127.0.0.1 (AUDIT_ALLOW_PRIVATE=1, as tests run the server), fast
 * retries (`delaysMs`), its delivery worker started. `close()` stops the worker, the app and the store.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMemoryLogger } from '../../../server/logging/logger.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import { createWebhookRuntime, type WebhookRuntime } from '../../../server/webhooks/webhook-runtime.js';
import type { AppDeps } from '../../../server/app/create-app.js';
import { startTestApi, type TestApi } from '../../server/helpers/test-api.js';

export interface WebhookApi extends TestApi {
  webhooks: WebhookRuntime;
  logger: ReturnType<typeof createMemoryLogger>;
  /** POST /webhooks for the test account; returns the created webhook (with its secret). */
  createWebhook(body: Record<string, unknown>): Promise<{ id: string; secret: string; url: string; events: string[] }>;
}

export async function startWebhookApi(
  options: { delaysMs?: number[]; perWebhook?: number; timeoutMs?: number; deps?: Partial<AppDeps>; dataDir?: string } = {},
): Promise<WebhookApi> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'citable-webhooks-')));
  const store = await LowdbStore.open(dataDir);
  const logger = createMemoryLogger();
  const webhooks = createWebhookRuntime({
    store: () => store.webhooks(),
    logger,
    allowPrivate: true,
    retry: { delaysMs: options.delaysMs ?? [100, 100, 100], random: () => 0.5 },
    pollMs: 50,
    ...(options.perWebhook ? { perWebhook: options.perWebhook } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const api = await startTestApi({ dataDir, store, logger, webhooks, config: { auditAllowPrivate: true }, ...options.deps });
  webhooks.start();
  return {
    ...api,
    webhooks,
    logger,
    async createWebhook(body) {
      const res = await api.request('POST', '/api/v1/webhooks', { body });
      if (res.status !== 201) throw new Error(`POST /webhooks: ${res.status} ${res.text}`);
      return res.json.webhook;
    },
    async close(closeOptions) {
      await webhooks.worker.stop(100);
      await api.close(closeOptions);
    },
  };
}
