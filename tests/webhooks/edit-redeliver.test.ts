/**
 * PATCH /webhooks/{id} (url, events, format; the secret kept unless rotated) and POST
 * /webhooks/{id}/deliveries/{delivery_id}/redeliver, end to end with a real receiver on 127.0.0.1.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifySignature } from '../../server/webhooks/signature.js';
import { until } from '../helpers/until.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { startWebhookApi, type WebhookApi } from './helpers/webhook-api.js';

describe('editing a webhook and sending a delivery again', () => {
  let api: WebhookApi;
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await startReceiver();
    api = await startWebhookApi({ delaysMs: [50], timeoutMs: 400 });
  });
  afterEach(async () => {
    await api.close({ removeData: true });
    await receiver.close();
  });

  const patch = (id: string, body: unknown, key?: string) =>
    api.request('PATCH', `/api/v1/webhooks/${id}`, { body, ...(key ? { key } : {}) });

  it('changes the members given, keeps the secret unless rotated, and answers a rotated one once', async () => {
    const hook = await api.createWebhook({ url: receiver.url, events: ['*'] });
    const changed = await patch(hook.id, { events: ['ping', 'audit.completed'], format: 'slack' });
    expect(changed.status).toBe(200);
    expect(changed.json.webhook).toMatchObject({ id: hook.id, url: receiver.url, events: ['audit.completed', 'ping'], format: 'slack' });
    expect(changed.json.webhook.secret).toBeUndefined();
    const back = await patch(hook.id, { format: 'json' });
    expect(back.json.webhook.format).toBe('json');

    // The kept secret still signs the ping.
    await api.request('POST', `/api/v1/webhooks/${hook.id}/test`);
    const [first] = await receiver.waitFor(1);
    expect(verifySignature(hook.secret, String(first!.headers['citable-signature']), first!.body).ok).toBe(true);

    const rotated = await patch(hook.id, { rotate_secret: true });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const secret = rotated.json.webhook.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(secret).not.toBe(hook.secret);
    await api.request('POST', `/api/v1/webhooks/${hook.id}/test`);
    const [, second] = await receiver.waitFor(2);
    expect(verifySignature(secret, String(second!.headers['citable-signature']), second!.body).ok).toBe(true);
    expect(verifySignature(hook.secret, String(second!.headers['citable-signature']), second!.body).ok).toBe(false);
  });

  it('refuses empty and bad changes (400), other accounts (404)', async () => {
    const hook = await api.createWebhook({ url: receiver.url, events: ['*'] });
    const cases: Array<[unknown, RegExp]> = [
      [{}, /give at least one of url, events, format, rotate_secret/],
      [{ events: [] }, /at least one event type/],
      [{ format: 'xml' }, /format must be "json" or "slack"/],
      [{ url: 'ftp://hooks.example.com/' }, /only http and https/],
      [{ secret: 'whsec_mine' }, /Unknown member "secret"/],
      [{ rotate_secret: 'yes' }, /rotate_secret must be true or false/],
    ];
    for (const [body, message] of cases) {
      const res = await patch(hook.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toMatch(message);
    }
    const other = (await api.newAccount()).key;
    expect((await patch(hook.id, { format: 'slack' }, other)).status).toBe(404);
    expect((await patch('wh_0000000000000000', { format: 'slack' })).status).toBe(404);
  });

  it('redelivers a failed delivery as a new one with the same event id; unknown ids are 404', async () => {
    receiver.behave((r) => ({ kind: 'status', status: r.n <= 2 ? 500 : 204 }));
    const hook = await api.createWebhook({ url: receiver.url, events: ['*'] });
    await api.request('POST', `/api/v1/webhooks/${hook.id}/test`);
    const failed = await until('the ping failed', async () => {
      const list = (await api.request('GET', `/api/v1/webhooks/${hook.id}/deliveries`)).json.deliveries;
      return list[0]?.status === 'failed' ? list[0] : undefined;
    });
    const path = `/api/v1/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`;
    const again = await api.request('POST', path);
    expect(again.status).toBe(202);
    expect(again.json.delivery).toMatchObject({ event_id: failed.event_id, type: 'ping', status: 'pending', attempts: 0 });
    expect(again.json.delivery.id).not.toBe(failed.id);
    const [, , third] = await receiver.waitFor(3);
    expect(JSON.parse(third!.body).id).toBe(failed.event_id);
    const delivered = await until('the redelivery delivered', async () => {
      const list = (await api.request('GET', `/api/v1/webhooks/${hook.id}/deliveries`)).json.deliveries;
      return list.find((d: { id: string; status: string }) => d.id === again.json.delivery.id && d.status === 'delivered');
    });
    expect(delivered.attempts).toBe(1);

    expect((await api.request('POST', `/api/v1/webhooks/${hook.id}/deliveries/dlv_00000000000000000000/redeliver`)).status).toBe(404);
    const otherHook = await api.createWebhook({ url: receiver.url, events: ['ping'] });
    expect((await api.request('POST', `/api/v1/webhooks/${otherHook.id}/deliveries/${failed.id}/redeliver`)).status).toBe(404);
    const other = (await api.newAccount()).key;
    expect((await api.request('POST', path, { key: other })).status).toBe(404);
  });
});
