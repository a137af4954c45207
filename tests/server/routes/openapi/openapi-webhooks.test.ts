/**
 * The OpenAPI document's monitors and webhooks (docs/api-decisions.md#monitors-and-webhooks): every route with its success status,
 * the bearer scheme and the {"error"} answers; and the 3.1 `webhooks` member: one POST per event type with
 * the four delivery headers, whose body schema (as the document states it, in JSON Schema 2020-12) accepts
 * the events the server really sends and refuses a changed one.
 */
import { Validator, type Schema } from '@cfworker/json-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../../../shared/schema/webhook.js';
import { startReceiver, type Receiver } from '../../../webhooks/helpers/receiver.js';
import { startWebhookApi, type WebhookApi } from '../../../webhooks/helpers/webhook-api.js';
import { extensionAudit } from '../../helpers/extension-audit.js';

const ROUTES: [method: string, path: string, success: string][] = [
  ['post', '/api/v1/monitors', '201'],
  ['get', '/api/v1/monitors', '200'],
  ['delete', '/api/v1/monitors/{id}', '204'],
  ['post', '/api/v1/monitors/{id}/run', '202'],
  ['patch', '/api/v1/monitors/{id}', '200'],
  ['post', '/api/v1/webhooks', '201'],
  ['get', '/api/v1/webhooks', '200'],
  ['delete', '/api/v1/webhooks/{id}', '204'],
  ['post', '/api/v1/webhooks/{id}/test', '202'],
  ['get', '/api/v1/webhooks/{id}/deliveries', '200'],
];

describe('OpenAPI: monitors and webhooks', () => {
  let api: WebhookApi;
  let receiver: Receiver;
  let doc: any;
  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startWebhookApi();
    doc = (await api.request('GET', '/api/v1/openapi.json', { key: null })).json;
  });
  afterAll(async () => {
    await api.close({ removeData: true });
    await receiver.close();
  });

  /** A validator for a component schema, resolving the document's own $refs. */
  const validatorFor = (name: string) =>
    new Validator({ $ref: `#/components/schemas/${name}`, components: doc.components } as Schema, '2020-12', false);

  it('documents every monitor and webhook route: its success status, the bearer key, {"error"} answers', () => {
    for (const [method, path, success] of ROUTES) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation.responses)).toContain(success);
      for (const status of ['401', '404'].filter((s) => operation.responses[s])) {
        expect(operation.responses[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    expect(doc.paths['/api/v1/webhooks'].post.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CreatedWebhookEnvelope',
    });
    expect(doc.components.schemas.CreatedWebhook.properties.secret.pattern).toBe('^whsec_[A-Za-z0-9]{32}$');
    expect(doc.components.schemas.Monitor.required.sort()).toEqual(
      [
        'id',
        'url',
        'kind',
        'every',
        'max_pages',
        'created_at',
        'next_run_at',
        'last_run_at',
        'last_result_id',
        'last_error',
        'running',
        'paused',
        'paused_at',
        'render',
      ].sort(),
    );
  });

  it('has one 3.1 webhook per event type, each a POST with the delivery headers and a body of its event or a Slack message', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const post = doc.webhooks[type].post;
      expect(post.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
        'header:Citable-Event',
        'header:Citable-Event-Id',
        'header:Citable-Delivery',
        'header:Citable-Signature',
      ]);
      const oneOf = post.requestBody.content['application/json'].schema.oneOf.map((s: { $ref: string }) =>
        s.$ref.replace('#/components/schemas/', ''),
      );
      expect(oneOf[1]).toBe('SlackMessage');
      expect(doc.components.schemas[oneOf[0]].properties.type).toMatchObject({ const: type });
    }
  });

  it('the documented event schemas accept what the server sends, and refuse a changed event', async () => {
    const json = await api.createWebhook({ url: receiver.url, events: ['*'] });
    await api.createWebhook({ url: receiver.url, events: ['audit.completed'], format: 'slack' });
    expect((await api.request('POST', `/api/v1/webhooks/${json.id}/test`)).status).toBe(202);
    const audit = extensionAudit(crypto.randomUUID());
    expect((await api.request('PUT', `/api/v1/audits/${audit.id}`, { body: { audit } })).status).toBe(201);
    const requests = await receiver.waitFor(3);
    const sent = requests.map((r) => ({
      type: String(r.headers['citable-event']),
      body: JSON.parse(r.body),
      slack: r.body.startsWith('{"text"'),
    }));
    expect(sent.map((s) => `${s.type}${s.slack ? ' (slack)' : ''}`).sort()).toEqual(['audit.completed', 'audit.completed (slack)', 'ping']);
    for (const { type, body, slack: isSlack } of sent) {
      const entry = doc.webhooks[type].post.requestBody.content['application/json'].schema;
      const [eventRef, slackRef] = entry.oneOf.map((s: { $ref: string }) => s.$ref.replace('#/components/schemas/', ''));
      const result = validatorFor(isSlack ? slackRef : eventRef).validate(body);
      expect(result.errors, `${type}${isSlack ? ' (slack)' : ''}`).toEqual([]);
      if (!isSlack) {
        expect(validatorFor(eventRef).validate({ ...body, data: { ...body.data, extra: 1 } }).valid).toBe(false);
        expect(validatorFor(eventRef).validate({ ...body, type: 'audit.regressed' }).valid).toBe(false);
      }
    }
  });
});
