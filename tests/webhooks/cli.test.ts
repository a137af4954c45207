/**
 * `citable webhooks` against the data directory of a running server (the app in-process on the same
 * DATA_DIR): what the CLI adds the server sends to, what the server logs the CLI lists, and `verify`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../server/cli/main.js';
import { signatureHeader } from '../../server/webhooks/signature.js';
import { memoryIo } from '../cli/cli-io.js';
import { until } from '../helpers/until.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { startWebhookApi, type WebhookApi } from './helpers/webhook-api.js';

describe('citable webhooks', () => {
  let api: WebhookApi;
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await startReceiver();
    api = await startWebhookApi();
  });
  afterEach(async () => {
    await api.close({ removeData: true });
    await receiver.close();
  });

  const citable = async (env: Record<string, string>, ...argv: string[]) => {
    const io = memoryIo({ DATA_DIR: api.dataDir, ...env });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  };
  const local = { AUDIT_ALLOW_PRIVATE: '1' };

  it('adds a webhook the running server then sends to; lists it without the secret; shows the delivery log; removes it', async () => {
    const added = await citable(
      local,
      'webhooks',
      'add',
      '--account',
      api.accountId,
      '--url',
      receiver.url,
      '--events',
      'audit.completed,ping',
      '--json',
    );
    expect(added.code).toBe(0);
    const webhook = JSON.parse(added.out);
    expect(webhook).toMatchObject({ url: receiver.url, events: ['audit.completed', 'ping'], format: 'json' });
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);

    const listed = await citable({}, 'webhooks', 'list', '--account', api.accountId);
    expect(listed.out).toContain(webhook.id);
    expect(listed.out).not.toContain(webhook.secret);

    expect((await api.request('POST', '/api/v1/audits', { body: { url: 'https://shop.example/' } })).status).toBe(201);
    const [request] = await receiver.waitFor(1);
    const event = JSON.parse(request!.body);
    const log = await until('the CLI to list the delivery as delivered', async () => {
      const shown = await citable({}, 'webhooks', 'deliveries', webhook.id, '--account', api.accountId, '--json');
      const deliveries = JSON.parse(shown.out) as Array<{ status: string; event_id: string }>;
      return deliveries[0]?.status === 'delivered' ? deliveries : undefined;
    });
    expect(log[0]!.event_id).toBe(event.id);
    expect((await citable({}, 'webhooks', 'deliveries', webhook.id, '--account', api.accountId)).out).toMatch(/delivered\s+1\s+204/);

    const removed = await citable({}, 'webhooks', 'remove', webhook.id, '--account', api.accountId);
    expect(removed.code).toBe(0);
    expect((await api.request('GET', '/api/v1/webhooks')).json.webhooks).toEqual([]);
    await api.request('POST', '/api/v1/audits', { body: { url: 'https://shop.example/2' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests).toHaveLength(1);
  });

  it('test sends a signed ping from the terminal and reports the answer', async () => {
    const webhook = JSON.parse((await citable(local, 'webhooks', 'add', '--account', api.accountId, '--url', receiver.url, '--json')).out);
    const ok = await citable(local, 'webhooks', 'test', webhook.id, '--account', api.accountId);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/Sent a ping \(evt_[A-Za-z0-9]{24}\) to .*: 204 in \d+ ms/);
    const [request] = await receiver.waitFor(1);
    const verified = await citable(
      {},
      'webhooks',
      'verify',
      '--secret',
      webhook.secret,
      '--signature',
      String(request!.headers['citable-signature']),
      '--payload',
      request!.body,
    );
    expect(verified).toMatchObject({ code: 0, out: expect.stringMatching(/^Valid: signed at /) });

    receiver.behave(() => ({ kind: 'status', status: 500 }));
    const failed = await citable(local, 'webhooks', 'test', webhook.id, '--account', api.accountId);
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/the receiver answered 500/);
    // Without AUDIT_ALLOW_PRIVATE the loopback receiver is refused, as the server would refuse it.
    const refused = await citable({}, 'webhooks', 'test', webhook.id, '--account', api.accountId);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/loopback address/);
  });

  it('verify: valid, a changed body, a wrong secret, an old timestamp', async () => {
    const secret = `whsec_${'a'.repeat(32)}`;
    const body = '{"id":"evt_1","type":"ping"}';
    const now = Math.floor(Date.now() / 1000);
    expect(
      (await citable({}, 'webhooks', 'verify', '--secret', secret, '--signature', signatureHeader(secret, now, body), '--payload', body))
        .code,
    ).toBe(0);
    const changed = await citable(
      {},
      'webhooks',
      'verify',
      '--secret',
      secret,
      '--signature',
      signatureHeader(secret, now, body),
      '--payload',
      `${body} `,
    );
    expect(changed).toMatchObject({ code: 1, out: expect.stringMatching(/^Invalid: no signature matches/) });
    expect(
      (
        await citable(
          {},
          'webhooks',
          'verify',
          '--secret',
          `whsec_${'b'.repeat(32)}`,
          '--signature',
          signatureHeader(secret, now, body),
          '--payload',
          body,
        )
      ).code,
    ).toBe(1);
    const old = await citable(
      {},
      'webhooks',
      'verify',
      '--secret',
      secret,
      '--signature',
      signatureHeader(secret, now - 600, body),
      '--payload',
      body,
    );
    expect(old).toMatchObject({ code: 1, out: expect.stringMatching(/tolerance/) });
    expect(
      (
        await citable(
          {},
          'webhooks',
          'verify',
          '--secret',
          secret,
          '--signature',
          signatureHeader(secret, now - 600, body),
          '--payload',
          body,
          '--tolerance',
          '900',
        )
      ).code,
    ).toBe(0);
  });

  it('explains mistakes in one line (exit 2)', async () => {
    for (const argv of [
      ['webhooks'],
      ['webhooks', 'add', '--url', receiver.url],
      ['webhooks', 'add', '--account', 'acct_nope', '--url', receiver.url],
      ['webhooks', 'add', '--account', api.accountId, '--url', 'http://10.0.0.1/'],
      ['webhooks', 'add', '--account', api.accountId, '--url', receiver.url, '--events', 'nonsense'],
      ['webhooks', 'remove', '--account', api.accountId],
      ['webhooks', 'deliveries', 'wh_0000000000000000', '--account', api.accountId],
      ['webhooks', 'verify', '--secret', 'x', '--signature', 'y'],
      ['webhooks', 'list', '--account', api.accountId, '--limit', '0'],
    ]) {
      const result = await citable({}, ...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err.trim().split('\n')).toHaveLength(1);
      expect(result.err).toMatch(/^citable webhooks: /);
    }
  });
});
