/** `citable monitors` against the data directory of a running server (the app in-process on the same DATA_DIR). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../server/cli/main.js';
import { memoryIo } from '../cli/cli-io.js';
import { startWebhookApi, type WebhookApi } from '../webhooks/helpers/webhook-api.js';

describe('citable monitors', () => {
  let api: WebhookApi;
  beforeEach(async () => {
    api = await startWebhookApi();
  });
  afterEach(async () => {
    await api.citable.monitors.stop(1_000);
    await api.close({ removeData: true });
  });

  // shop.example is a special-use name: as the test server, the CLI allows what the guard would refuse.
  const citable = (...argv: string[]) => citableWith({ AUDIT_ALLOW_PRIVATE: '1' }, ...argv);
  const citableWith = async (env: Record<string, string>, ...argv: string[]) => {
    const io = memoryIo({ DATA_DIR: api.dataDir, ...env });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  };
  /** What the server's scheduler does at its next look. */
  const serverLooks = async () => {
    await api.citable.monitors.pass();
    await api.citable.monitors.whenIdle();
  };

  it('adds a monitor the server runs at its next look; lists it; asks for a run; removes it', async () => {
    const added = await citable(
      'monitors',
      'add',
      '--account',
      api.accountId,
      '--url',
      'https://shop.example/',
      '--every',
      'day',
      '--json',
    );
    expect(added.code).toBe(0);
    const monitor = JSON.parse(added.out);
    expect(monitor).toMatchObject({ url: 'https://shop.example/', kind: 'audit', every: 'day', max_pages: null });
    expect((await api.request('GET', '/api/v1/monitors')).json.monitors.map((m: { id: string }) => m.id)).toEqual([monitor.id]);

    await serverLooks();
    const listed = JSON.parse((await citable('monitors', 'list', '--account', api.accountId, '--json')).out);
    expect(listed[0]).toMatchObject({ id: monitor.id, last_error: null, running: false });
    expect(listed[0].last_result_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await citable('monitors', 'list', '--account', api.accountId)).out).toMatch(new RegExp(`${monitor.id}\\s+audit\\s+day`));

    const asked = await citable('monitors', 'run', monitor.id, '--account', api.accountId);
    expect(asked.code).toBe(0);
    await serverLooks();
    expect((await api.request('GET', '/api/v1/audits?url=https://shop.example/')).json.audits).toHaveLength(2);

    expect((await citable('monitors', 'remove', monitor.id, '--account', api.accountId)).code).toBe(0);
    expect((await api.request('GET', '/api/v1/monitors')).json.monitors).toEqual([]);
  });

  it('pauses and resumes a monitor: list shows it, run is refused while paused, the server runs nothing', async () => {
    const monitor = JSON.parse(
      (await citable('monitors', 'add', '--account', api.accountId, '--url', 'https://shop.example/', '--every', 'hour', '--json')).out,
    );
    const paused = await citable('monitors', 'pause', monitor.id, '--account', api.accountId);
    expect(paused.code).toBe(0);
    expect(paused.out).toMatch(new RegExp(`^Paused monitor ${monitor.id} `));
    const [shown] = (await api.request('GET', '/api/v1/monitors')).json.monitors;
    expect(shown).toMatchObject({ id: monitor.id, paused: true });
    expect(shown.paused_at).toEqual(expect.any(String));
    expect((await citable('monitors', 'list', '--account', api.accountId)).out).toMatch(
      new RegExp(`${monitor.id}\\s+audit\\s+hour\\s+paused\\s+-\\s`),
    );
    expect(JSON.parse((await citable('monitors', 'list', '--account', api.accountId, '--json')).out)[0]).toMatchObject({
      paused: true,
      paused_at: shown.paused_at,
    });
    expect(await citable('monitors', 'run', monitor.id, '--account', api.accountId)).toMatchObject({
      code: 2,
      err: `citable monitors: monitor ${monitor.id} is paused: resume it first (citable monitors resume ${monitor.id} --account ${api.accountId})\n`,
    });
    await serverLooks();
    expect((await api.request('GET', '/api/v1/audits?url=https://shop.example/')).json.audits).toHaveLength(0);

    const resumed = await citable('monitors', 'resume', monitor.id, '--account', api.accountId);
    expect(resumed.code).toBe(0);
    expect(resumed.out).toMatch(/^Resumed monitor /);
    expect((await api.request('GET', '/api/v1/monitors')).json.monitors[0]).toMatchObject({ paused: false, paused_at: null });
    expect((await citable('monitors', 'list', '--account', api.accountId)).out).toMatch(
      new RegExp(`${monitor.id}\\s+audit\\s+hour\\s+active\\s`),
    );
    await serverLooks(); // came due while paused: one run
    expect((await api.request('GET', '/api/v1/audits?url=https://shop.example/')).json.audits).toHaveLength(1);
  });

  it('adds a crawl monitor with --max-pages', async () => {
    const added = await citable(
      'monitors',
      'add',
      '--account',
      api.accountId,
      '--url',
      'shop.example',
      '--every',
      'week',
      '--kind',
      'crawl',
      '--max-pages',
      '500',
      '--json',
    );
    expect(JSON.parse(added.out)).toMatchObject({ kind: 'crawl', every: 'week', max_pages: 500, url: 'shop.example' });
  });

  it('explains mistakes in one line (exit 2)', async () => {
    for (const argv of [
      ['monitors'],
      ['monitors', 'list'],
      ['monitors', 'add', '--account', api.accountId, '--url', 'https://shop.example/'],
      ['monitors', 'add', '--account', api.accountId, '--url', 'https://shop.example/', '--every', 'fortnight'],
      ['monitors', 'add', '--account', api.accountId, '--url', 'https://shop.example/', '--every', 'day', '--max-pages', '10'],
      [
        'monitors',
        'add',
        '--account',
        api.accountId,
        '--url',
        'https://shop.example/',
        '--every',
        'day',
        '--kind',
        'crawl',
        '--max-pages',
        'many',
      ],
      ['monitors', 'add', '--account', 'acct_nope', '--url', 'https://shop.example/', '--every', 'day'],
      ['monitors', 'run', '--account', api.accountId],
      ['monitors', 'run', 'mon_0000000000000000', '--account', api.accountId],
      ['monitors', 'remove', 'mon_0000000000000000', '--account', api.accountId],
      ['monitors', 'pause', 'mon_0000000000000000', '--account', api.accountId],
      ['monitors', 'resume', '--account', api.accountId],
      ['monitors', 'pause', 'mon_0000000000000000', 'mon_0000000000000001', '--account', api.accountId],
      ['monitors', 'list', '--account', api.accountId, '--every', 'day'],
    ]) {
      const result = await citable(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err.trim().split('\n')).toHaveLength(1);
      expect(result.err).toMatch(/^citable monitors: /);
    }
    const refused = await citableWith({}, 'monitors', 'add', '--account', api.accountId, '--url', 'http://192.168.1.1/', '--every', 'day');
    expect(refused).toMatchObject({ code: 2, err: 'citable monitors: This URL cannot be monitored: 192.168.1.1 is a private address\n' });
  });
});
