import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../server/logging/logger.js';
import { authed, route, type Route } from '../../../../server/routes/route.js';
import { startTestApi, type TestApi } from '../../helpers/test-api.js';

/** Two routes: one behind the guard, as every route is, and one mounted by hand where the guard was forgotten. */
const routes: Route[] = [
  route({
    method: 'GET',
    path: '/whoami',
    handle(ctx) {
      ctx.body = { account: ctx.state.account.id, key: ctx.state.key.id }; // no `!`: set by type
    },
  }),
  {
    name: 'GET /unguarded',
    mount(router) {
      router.get(
        '/unguarded',
        authed((ctx) => {
          ctx.body = { account: ctx.state.account.id };
        }),
      );
    },
  },
];

describe('authed(): handlers behind the guard get the account by type', () => {
  const logger = createMemoryLogger();
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ routes, logger });
  });
  afterAll(() => api.close({ removeData: true }));

  it('hands the handler the authenticated account and key', async () => {
    const res = await api.request('GET', '/api/v1/whoami');
    expect(res.status).toBe(200);
    expect(res.json.account).toBe(api.accountId);
    expect(res.json.key).toMatch(/^key_/);
    expect((await api.request('GET', '/api/v1/whoami', { key: null })).status).toBe(401);
  });

  it('a route that forgot the guard answers 500 and logs why, instead of reading an account that is not there', async () => {
    const res = await api.request('GET', '/api/v1/unguarded', { key: null });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ error: 'Internal server error' });
    const line = logger.lines.find((l) => l.msg === 'unhandled error' && l.request_id === res.headers.get('x-request-id'));
    expect(JSON.stringify(line)).toContain('authed() without the authentication guard');
  });
});
