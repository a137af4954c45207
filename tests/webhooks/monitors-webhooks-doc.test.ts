/**
 * docs/monitors-webhooks.md, held to what it says:
 *  - every example payload is a valid event of its type (the zod schemas the OpenAPI `webhooks` come
 *    from), every event type has one, and the Slack example is what the server sends for its event;
 *  - the curls, pasted in order after README's tour, against the built server and the demo site started
 *    as the tour starts them (AUDIT_ALLOW_PRIVATE=1), with terminal 4 running the page's receiver exactly
 *    as written: every call answers as its comment says, and the receiver prints the ping and the
 *    monitor's audit.completed (so its verification accepts real signed deliveries);
 *  - that receiver refuses a tampered body, another secret, an old timestamp and no signature;
 *  - the secret's file is readable by the server's user alone, as the page says.
 * The ports of the page (8787 the API, 8790 the demo site, 8791 the receiver) become free ones here.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnvelopeSchema, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../shared/schema/webhook.js';
import { deliveryBody } from '../../server/webhooks/delivery-body.js';
import { signatureHeader } from '../../server/webhooks/signature.js';
import { until } from '../helpers/until.js';
import { fencedBlocks, readDoc, startTour, tourExports, type Tour } from '../helpers/docs-walkthrough.js';
import { freePort } from '../helpers/services/free-port.js';
import { ROOT } from '../helpers/server-process.js';

const page = readDoc('docs/monitors-webhooks.md');
const blocks = (lang: string) => fencedBlocks(page, lang);

describe('docs/monitors-webhooks.md: the example payloads', () => {
  const examples = blocks('json').map((text) => JSON.parse(text) as { type?: string; text?: string });

  it('one valid example per event type, each a complete event of its type', () => {
    const typed = examples.filter((e) => e.type !== undefined);
    expect(typed.map((e) => e.type).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const example of typed) {
      const parsed = eventEnvelopeSchema(example.type as WebhookEventType).safeParse(example);
      expect(parsed.success, `${example.type}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("the Slack example is the server's slack body for the audit.regressed example", () => {
    const slack = examples.find((e) => e.type === undefined)!;
    const regressed = examples.find((e) => e.type === 'audit.regressed') as Parameters<typeof deliveryBody>[0];
    expect(JSON.parse(deliveryBody({ ...regressed, account_id: 'acct_readme', dedupe_key: null }, 'slack'))).toEqual(slack);
  });
});

describe('docs/monitors-webhooks.md: pasted in order after the tour', () => {
  let dir: string;
  let tour: Tour;
  let receiverProcess: ChildProcess | null = null;
  const receiverLines: string[] = [];
  let ports: { api: string; demo: string; receiver: number };
  let secret: string;

  /** A block as terminal 3 runs it: the tour's exports first, this test's ports and key. */
  const terminal3 = (block: string) => localPorts(`${tourExports()}\n${block}`);
  const localPorts = (text: string) =>
    tour.local(text).replaceAll('127.0.0.1:8791', `127.0.0.1:${ports.receiver}`).replace('.listen(8791,', `.listen(${ports.receiver},`);
  const bash = (script: string) =>
    execFileSync('bash', ['-euo', 'pipefail', '-c', script], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${ports.receiver}/citable`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    }).then((r) => r.status);

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT });
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-doc-webhooks-'));
    tour = await startTour(dir); // the tour's terminals 1 and 2, in dir: the server's data is dir/data
    ports = { ...tour.ports, receiver: await freePort() };
  }, 120_000);
  afterAll(async () => {
    if (receiverProcess?.pid) process.kill(-receiverProcess.pid, 'SIGTERM');
    await tour?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('terminal 3 creates the webhook; its secret is kept in a file only the server user reads', async () => {
    const out = bash(terminal3(blocks('sh')[0]!));
    expect(out.split('\n')[0]).toBe('201');
    secret = JSON.parse(await readFile(path.join(dir, 'webhook.json'), 'utf8')).webhook.secret;
    expect(out.split('\n')[1]).toBe(secret);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    const file = await stat(path.join(dir, 'data', 'webhooks', 'webhooks.json'));
    expect(file.mode & 0o077).toBe(0);
    expect((await stat(path.join(dir, 'data', 'webhooks'))).mode & 0o077).toBe(0);
  });

  it("terminal 4 runs the page's receiver, exactly as written", async () => {
    const [receiverCode] = blocks('js');
    const command = blocks('sh')[1]!.trim();
    expect(command).toBe('CITABLE_WEBHOOK_SECRET=whsec_... node receiver.mjs');
    await writeFile(path.join(dir, 'receiver.mjs'), localPorts(receiverCode!));
    receiverProcess = spawn('bash', ['-c', command.replace('whsec_...', secret)], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    createInterface({ input: receiverProcess.stdout! }).on('line', (line) => receiverLines.push(line));
    await until('the receiver to listen and refuse an unsigned request', async () =>
      (await post('{}', {}).catch(() => null)) === 400 ? true : undefined,
    ); // listening, and refusing the unsigned
    receiverLines.length = 0;
  });

  it('the rest of terminal 3: every call answers as its comment says; the receiver prints the ping and the monitor run', async () => {
    const out = bash(terminal3(blocks('sh')[2]!));
    const lines = out.trimEnd().split('\n');
    expect(lines.filter((l) => /^\d{3}$/.test(l))).toEqual(['202', '201', '202']);
    // The one error is the page's own example: run now on a paused monitor answers 409 and says so.
    const errors = lines.filter((l) => l.startsWith('{"error"'));
    expect(errors).toHaveLength(1);
    expect(JSON.parse(errors[0]!).error).toMatch(/^Monitor mon_[A-Za-z0-9]{16} is paused: resume it first/);
    const pauses = lines
      .filter((l) => l.startsWith('{"monitor"'))
      .map((l) => JSON.parse(l).monitor as { paused: boolean; paused_at: string | null });
    expect(pauses.map((m) => m.paused).slice(-2)).toEqual([true, false]);
    expect(pauses.at(-1)!.paused_at).toBeNull();
    expect(JSON.parse(lines.find((l) => l.startsWith('{"monitors"'))!).monitors).toHaveLength(1);
    const webhooks = JSON.parse(lines.find((l) => l.startsWith('{"webhooks"'))!).webhooks;
    expect(webhooks).toHaveLength(1);
    expect(JSON.stringify(webhooks)).not.toContain(secret);
    await until('the receiver to print the ping and an audit.completed', async () =>
      receiverLines.some((l) => / ping$/.test(l)) && receiverLines.some((l) => / audit\.completed$/.test(l)) ? true : undefined,
    );
    for (const line of receiverLines) expect(line).toMatch(/^evt_[A-Za-z0-9]{24} [a-z.]+$/);
  }, 90_000);

  it('the receiver refuses a tampered body, another secret, an old timestamp and no signature, and accepts a fresh valid one', async () => {
    const body = JSON.stringify({ id: 'evt_READMEREADMEREADMEREADME', type: 'ping', created_at: new Date().toISOString(), data: {} });
    const now = Math.floor(Date.now() / 1000);
    expect(await post(body.replace('ping', 'pong'), { 'citable-signature': signatureHeader(secret, now, body) })).toBe(400);
    expect(await post(body, { 'citable-signature': signatureHeader(`whsec_${'x'.repeat(32)}`, now, body) })).toBe(400);
    expect(await post(body, { 'citable-signature': signatureHeader(secret, now - 301, body) })).toBe(400);
    expect(await post(body, { 'citable-signature': `t=${now},v1=${'0'.repeat(63)}` })).toBe(400);
    expect(await post(body, {})).toBe(400);
    expect(receiverLines.some((l) => l.startsWith('evt_READMEREADME'))).toBe(false);
    expect(await post(body, { 'citable-signature': signatureHeader(secret, now, body) })).toBe(204);
    await until('the receiver to print the test event', async () =>
      receiverLines.some((l) => l === 'evt_READMEREADMEREADMEREADME ping') ? true : undefined,
    );
  });

  it('the clean-up block: 204, 204', async () => {
    // Terminal 3's shell still holds MONITOR_ID and WEBHOOK_ID from the block before.
    const ids = `MONITOR_ID=${JSON.parse(await readFile(path.join(dir, 'monitor.json'), 'utf8')).monitor.id}\nWEBHOOK_ID=${JSON.parse(await readFile(path.join(dir, 'webhook.json'), 'utf8')).webhook.id}\n`;
    const out = bash(terminal3(ids + blocks('sh')[3]!));
    expect(out.trimEnd().split('\n')).toEqual(['204', '204']);
  });
});
