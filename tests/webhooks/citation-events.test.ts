/**
 * citation.gained / citation.lost from consecutive answered checks of a (prompt, engine) pair: the real
 * check runner against fake providers on 127.0.0.1, its citation store wrapped as the server wraps it,
 * an injected clock. Rows that did not answer (an error, no search) neither fire nor break the chain.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readCitationConfig } from '../../server/citations/config.js';
import { createCitationsRuntime, type CitationsRuntime } from '../../server/citations/runtime.js';
import { observeCitations } from '../../server/events/citation-events.js';
import { createEventPublisher } from '../../server/events/publisher.js';
import { silentLogger } from '../../server/logging/logger.js';
import type { StoredPrompt } from '../../server/store/contracts/citations.js';
import { LowdbStore } from '../../server/store/lowdb/store.js';
import { claudeAnswer } from '../helpers/fake-providers/claude.js';
import { geminiNoSearch } from '../helpers/fake-providers/gemini.js';
import { startProviderFakes, type ProviderFakes } from '../helpers/fake-providers/index.js';
import { openaiAnswer, openaiInvalidKey, openaiNoSearch } from '../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../helpers/fake-providers/perplexity.js';
import { serpNoOverview } from '../helpers/fake-providers/serpapi.js';
import { webhook } from '../server/store/contracts/webhooks.js';

const TEXT = 'which crm suits a small design studio';
const T0 = Date.parse('2026-09-01T06:00:00.000Z');
const HOUR = 3_600_000;
const ACCOUNT = 'acct_CITATIONEVNT';
const PROMPT: StoredPrompt = {
  id: 'prm_EVENTS0000000001',
  account_id: ACCOUNT,
  text: TEXT,
  domain: 'acme.com',
  aliases: [],
  runs: null,
  project_id: null,
  created_at: new Date(T0 - HOUR).toISOString(),
};

describe('citation events', () => {
  let fakes: ProviderFakes;
  let dir: string;
  let store: LowdbStore;
  let runtime: CitationsRuntime;
  let clock: number;
  let webhookId: string;

  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  afterAll(() => fakes.close());
  beforeEach(async () => {
    fakes.reset();
    clock = T0;
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-citation-events-'));
    store = await LowdbStore.open(dir);
    const hook = webhook(ACCOUNT, ['citation.gained', 'citation.lost']);
    webhookId = hook.id;
    await (await store.webhooks()).createWebhook(hook, 20);
    const publisher = createEventPublisher({ store: () => store.webhooks(), logger: silentLogger, now: () => new Date(clock) });
    const citations = observeCitations(await store.citations(), publisher, silentLogger);
    runtime = createCitationsRuntime({
      config: readCitationConfig(fakes.env({ CITATION_INTERVAL: '1h' })),
      store: async () => citations,
      now: () => new Date(clock),
      http: { sleep: async () => undefined, random: () => 0.5 },
    });
    await citations.createPrompt(PROMPT, 10);
    fakes.perplexity.on(TEXT, perplexityAnswer(['https://example.com/']));
    fakes.gemini.on(TEXT, geminiNoSearch());
    fakes.claude.on(TEXT, claudeAnswer({ retrieved: [{ url: 'https://acme.com/' }], cited: [{ url: 'https://acme.com/' }] }));
    fakes.serpapi.on(`q:${TEXT}`, serpNoOverview(TEXT));
  });
  afterEach(async () => {
    await runtime.scheduler.stop();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** One scheduled check an hour after the last, with ChatGPT answering `openai`. */
  const check = async (openai: Parameters<ProviderFakes['openai']['on']>[1]) => {
    fakes.openai.on(TEXT, openai);
    clock += HOUR + 60_000;
    expect(await runtime.scheduler.tick()).not.toBeNull();
    await runtime.runner.whenIdle();
  };
  const events = async () => {
    const hooks = await store.webhooks();
    const page = await hooks.listDeliveries(ACCOUNT, webhookId, { limit: 100 });
    return page.deliveries.reverse().map((d) => d.type);
  };
  const cites = openaiAnswer({ cited: [{ url: 'https://acme.com/pricing' }] });
  const citesOthers = openaiAnswer({ cited: [{ url: 'https://example.com/' }] });

  it('fires lost, then gained, for the pair whose answered rows changed; nothing for unchanged pairs or the first row', async () => {
    await check(cites);
    expect(await events()).toEqual([]); // the first answered row has nothing to compare with
    await check(citesOthers);
    expect(await events()).toEqual(['citation.lost']);
    await check(citesOthers);
    expect(await events()).toEqual(['citation.lost']);
    await check(cites);
    expect(await events()).toEqual(['citation.lost', 'citation.gained']);

    const hooks = await store.webhooks();
    const [gained] = (await hooks.listDeliveries(ACCOUNT, webhookId, { limit: 1 })).deliveries;
    const claimed = await hooks.claimDue({ nowMs: clock + 1, limit: 10, leaseMs: 1_000, perWebhook: new Map(), perWebhookDefault: 10 });
    const data = claimed.find((c) => c.delivery.id === gained!.id)!.event.data;
    expect(data).toMatchObject({
      prompt_id: PROMPT.id,
      prompt: TEXT,
      domain: 'acme.com',
      engine: 'chatgpt',
      cited: true,
      position: 1,
      cited_urls: ['https://acme.com/pricing'],
      previous: { cited: false },
    });
  });

  it('rows that did not answer neither fire nor reset the comparison', async () => {
    await check(cites);
    await check(openaiNoSearch()); // status no_search: says nothing about citing
    await check(openaiInvalidKey()); // status error
    expect(await events()).toEqual([]);
    await check(cites); // same as the last answered row: nothing
    expect(await events()).toEqual([]);
    await check(citesOthers);
    expect(await events()).toEqual(['citation.lost']);
  });
});
