/**
 * Webhooks end to end, in-process: an account's stored audit puts its events in the outbox, the delivery
 * worker sends them signed to real receivers on 127.0.0.1, and the delivery log (GET
 * /webhooks/{id}/deliveries) says how each attempt went. Receivers misbehave as the issue lists: 500, a
 * hang past the timeout, a reset connection, 410 Gone, a redirect.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifySignature } from '../../server/webhooks/signature.js';
import { until } from '../helpers/until.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { startWebhookApi, type WebhookApi } from './helpers/webhook-api.js';

describe('webhook delivery', () => {
  let api: WebhookApi;
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await startReceiver();
    api = await startWebhookApi({ delaysMs: [50, 50, 50], timeoutMs: 400 });
  });
  afterEach(async () => {
    await api.close({ removeData: true });
    await receiver.close();
  });

  const audit = async (url = 'https://shop.example/') => {
    const res = await api.request('POST', '/api/v1/audits', { body: { url } });
    expect(res.status).toBe(201);
    return res.json.audit as { id: string };
  };
  const deliveries = async (webhookId: string) => {
    const res = await api.request('GET', `/api/v1/webhooks/${webhookId}/deliveries`);
    expect(res.status).toBe(200);
    return res.json.deliveries as Array<Record<string, any>>;
  };
  const settled = (webhookId: string, count = 1) =>
    until(`${count} settled deliveries of ${webhookId}`, async () => {
      const list = await deliveries(webhookId);
      return list.length >= count && list.every((d) => d.status !== 'pending') ? list : undefined;
    });

  it('sends audit.completed, signed with the secret shown at creation, with the contract headers', async () => {
    const webhook = await api.createWebhook({ url: receiver.url, events: ['audit.completed'] });
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    const stored = await audit();
    const [request] = await receiver.waitFor(1);
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['citable-event']).toBe('audit.completed');
    expect(request!.headers['citable-delivery']).toMatch(/^dlv_[A-Za-z0-9]{20}$/);
    const body = JSON.parse(request!.body);
    expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'id', 'type']);
    expect(body).toMatchObject({
      type: 'audit.completed',
      data: { audit: { id: stored.id, url: 'https://shop.example/' }, monitor_id: null },
    });
    expect(body.id).toMatch(/^evt_[A-Za-z0-9]{24}$/);
    expect(request!.headers['citable-event-id']).toBe(body.id);
    expect(verifySignature(webhook.secret, String(request!.headers['citable-signature']), request!.body).ok).toBe(true);
    expect(verifySignature(`whsec_${'x'.repeat(32)}`, String(request!.headers['citable-signature']), request!.body).ok).toBe(false);
    const [logged] = await settled(webhook.id);
    expect(logged).toMatchObject({
      event_id: body.id,
      type: 'audit.completed',
      status: 'delivered',
      attempts: 1,
      last_status_code: 204,
      next_attempt_at: null,
      last_error: null,
    });
    expect(logged!.log).toHaveLength(1);
  });

  it('sends the slack format as {"text"} with the same headers and a signature over that body', async () => {
    const webhook = await api.createWebhook({ url: receiver.url, events: ['*'], format: 'slack' });
    await audit();
    const [request] = await receiver.waitFor(1);
    const body = JSON.parse(request!.body);
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toMatch(/audit of <https:\/\/shop\.example\/\|https:\/\/shop\.example\/>: score \*\d+\*/);
    expect(request!.headers['citable-event']).toBe('audit.completed');
    expect(verifySignature(webhook.secret, String(request!.headers['citable-signature']), request!.body).ok).toBe(true);
  });

  it('sends only the event types a webhook asked for', async () => {
    const other = await startReceiver();
    try {
      const pings = await api.createWebhook({ url: other.url, events: ['citation.gained', 'citation.lost'] });
      const all = await api.createWebhook({ url: receiver.url, events: ['*'] });
      await audit();
      await receiver.waitFor(1);
      await settled(all.id);
      expect(other.requests).toHaveLength(0);
      expect(await deliveries(pings.id)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('retries a 500 with the same event id and delivery id, then records the delivery', async () => {
    receiver.behave((r) => ({ kind: 'status', status: r.n < 3 ? 500 : 200 }));
    const webhook = await api.createWebhook({ url: receiver.url, events: ['audit.completed'] });
    await audit();
    const requests = await receiver.waitFor(3);
    const ids = requests.map((r) => JSON.parse(r.body).id);
    expect(new Set(ids).size).toBe(1);
    expect(new Set(requests.map((r) => r.headers['citable-delivery'])).size).toBe(1);
    const [logged] = await settled(webhook.id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200, last_error: null });
    expect(logged!.log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 500, 200]);
    expect(logged!.log[0].error).toBe('the receiver answered 500');
  });

  it('gives up after the last attempt and says so', async () => {
    receiver.behave(() => ({ kind: 'status', status: 503 }));
    const webhook = await api.createWebhook({ url: receiver.url, events: ['audit.completed'] });
    await audit();
    const [logged] = await settled(webhook.id);
    expect(logged).toMatchObject({ status: 'failed', attempts: 4, last_status_code: 503, next_attempt_at: null });
    expect(logged!.last_error).toMatch(/503; gave up after 4 attempts/);
    expect(receiver.requests).toHaveLength(4);
  });

  it('abandons a receiver that does not answer within the timeout, and retries it', async () => {
    receiver.behave((r) => (r.n === 1 ? { kind: 'hang' } : { kind: 'status', status: 200 }));
    const webhook = await api.createWebhook({ url: receiver.url, events: ['audit.completed'] });
    await audit();
    const [logged] = await settled(webhook.id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(logged!.log[0]).toMatchObject({ status_code: null, error: 'no answer within 0.4 s' });
  });

  it('retries a reset connection, naming it', async () => {
    receiver.behave((r) => (r.n === 1 ? { kind: 'reset' } : { kind: 'status', status: 202 }));
    const webhook = await api.createWebhook({ url: receiver.url, events: ['audit.completed'] });
    await audit();
    const [logged] = await settled(webhook.id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 202 });
    expect(logged!.log[0].error).toMatch(/connection was reset/);
  });

  it('does not follow a redirect: a 3xx is a failed attempt naming its target, and the target gets nothing', async () => {
    const elsewhere = await startReceiver();
    try {
      receiver.behave((r) => (r.n === 1 ? { kind: 'status', status: 307, location: elsewhere.url } : { kind: 'status', status: 200 }));
      const webhook = await api.createWebhook({ url: receiver.url, events: ['audit.completed'] });
      await audit();
      const [logged] = await settled(webhook.id);
      expect(logged).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(logged!.log[0]).toMatchObject({
        status_code: 307,
        error: `the receiver answered 307, a redirect to ${elsewhere.url}: redirects are not followed`,
      });
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('does not retry a 410; after three in a row the webhook is disabled and the log says so', async () => {
    receiver.behave(() => ({ kind: 'status', status: 410 }));
    const webhook = await api.createWebhook({ url: receiver.url, events: ['audit.completed'] });
    for (let i = 1; i <= 3; i++) {
      await audit(`https://shop.example/${i}`);
      const list = await settled(webhook.id, i);
      expect(list[0]).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_status_code: 410,
        last_error: 'the receiver answered 410 Gone: not retried',
      });
    }
    expect(receiver.requests).toHaveLength(3);
    // The delivery's attempt is stored first, then the webhook's streak: the webhook reads disabled a moment later.
    const listed = await until('the webhook to read disabled', async () => {
      const webhook = (await api.request('GET', '/api/v1/webhooks')).json.webhooks[0];
      return webhook.disabled_at ? webhook : undefined;
    });
    expect(listed.disabled_at).toEqual(expect.any(String));
    expect(listed.disabled_reason).toMatch(/410 Gone 3 times in a row/);
    // The worker logs after it has stored the attempt, so the line may follow the stored state by a moment.
    await until(
      'the log line "webhook disabled"',
      async () => api.logger.lines.some((l) => l.msg === 'webhook disabled' && l.webhook_id === webhook.id) || undefined,
    );
    await audit('https://shop.example/4');
    expect((await deliveries(webhook.id)).length).toBe(3); // a disabled webhook gets no more deliveries
    expect((await api.request('POST', `/api/v1/webhooks/${webhook.id}/test`)).status).toBe(409);
  });

  it('a 2xx between 410s starts the count again', async () => {
    receiver.behave((r) => ({ kind: 'status', status: r.n === 3 ? 200 : 410 }));
    const webhook = await api.createWebhook({ url: receiver.url, events: ['audit.completed'] });
    for (let i = 1; i <= 5; i++) {
      await audit(`https://shop.example/${i}`);
      await settled(webhook.id, i);
    }
    expect((await api.request('GET', '/api/v1/webhooks')).json.webhooks[0].disabled_at).toBeNull();
  });

  it('POST /webhooks/{id}/test sends a ping to that webhook alone', async () => {
    const other = await startReceiver();
    try {
      const webhook = await api.createWebhook({ url: receiver.url, events: ['audit.completed'] });
      await api.createWebhook({ url: other.url, events: ['*'] });
      const res = await api.request('POST', `/api/v1/webhooks/${webhook.id}/test`);
      expect(res.status).toBe(202);
      expect(res.json.event).toMatchObject({ type: 'ping', id: expect.stringMatching(/^evt_/) });
      expect(res.json.delivery).toMatchObject({ status: 'pending', attempts: 0, type: 'ping', event_id: res.json.event.id });
      const [request] = await receiver.waitFor(1);
      expect(JSON.parse(request!.body)).toMatchObject({ id: res.json.event.id, type: 'ping', data: { webhook_id: webhook.id } });
      await settled(webhook.id);
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
