/**
 * crawler.spoofed: a log upload with hits of an agent from outside its operator's published addresses raises the
 * event for the project, once per agent and project however many uploads show it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnvelopeSchema } from '../../shared/schema/webhook.js';
import { nginx, UA } from '../logs/samples.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { startWebhookApi, type WebhookApi } from './helpers/webhook-api.js';

describe('crawler.spoofed', () => {
  let api: WebhookApi;
  let receiver: Receiver;
  let projectId: string;
  let webhookId: string;

  beforeAll(async () => {
    api = await startWebhookApi();
    receiver = await startReceiver();
    webhookId = (await api.createWebhook({ url: `${receiver.url}/hook`, events: ['crawler.spoofed'] })).id;
    projectId = (await api.request('POST', '/api/v1/projects', { body: { name: 'Acme', domain: 'acme.com' } })).json.project.id;
  });
  afterAll(async () => {
    await api.close({ removeData: true });
    await receiver.close();
  });

  const upload = async (lines: string[]) => {
    const res = await fetch(`${api.url}/api/v1/projects/${projectId}/logs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}` },
      body: lines.join('\n') + '\n',
    });
    expect(res.status).toBe(202);
    await api.citable.traffic.idle();
  };

  it('raises one event per spoofing agent and project; verified hits and later uploads raise none', async () => {
    await upload([
      nginx('20.171.206.12', '01/Aug/2026:10:00:00 +0000', 'GET /a HTTP/1.1', 200, '-', UA.gptbot), // OpenAI's range: verified
      nginx('203.0.113.66', '02/Aug/2026:10:00:00 +0000', 'GET /a HTTP/1.1', 200, '-', UA.gptbot), // not OpenAI's: spoofed
      nginx('203.0.113.66', '03/Aug/2026:10:00:00 +0000', 'GET /b HTTP/1.1', 200, '-', UA.gptbot),
      nginx('192.0.2.1', '03/Aug/2026:10:00:00 +0000', 'GET /b HTTP/1.1', 200, '-', UA.claudebot), // Anthropic publishes none: unverified
    ]);
    const [delivery] = await receiver.waitFor(1);
    const event = eventEnvelopeSchema('crawler.spoofed').parse(JSON.parse(delivery!.body));
    expect(event.data).toEqual({
      project_id: projectId,
      domain: 'acme.com',
      agent: 'GPTBot',
      operator: 'OpenAI',
      purpose: 'training',
      spoofed: 2,
      first_seen: '2026-08-02',
      ingest_id: expect.stringMatching(/^ing_/),
    });
    await upload([nginx('203.0.113.67', '04/Aug/2026:10:00:00 +0000', 'GET /c HTTP/1.1', 200, '-', UA.gptbot)]);
    // Deliveries are stored before the upload's ingest ends: one, from the first upload.
    const deliveries = await api.request('GET', `/api/v1/webhooks/${webhookId}/deliveries`);
    expect(deliveries.json.deliveries).toHaveLength(1);
  });
});
