/**
 * docs/scaling-out.md, walked as a new operator would: its `sh` blocks run in order by bash -euo pipefail, in a
 * copy of the checkout, against PostgreSQL 15 and Redis 7 this test starts on loopback. Steps 2 to 14 run as
 * written but for the two URLs and the ports (helpers/doc-walk.ts); step 1 (sudo, apt-get) is checked as text.
 * The walk builds the checkout, starts two API processes and two `citable worker` processes, restarts them, has
 * a loopback crawl refused, checks the shared rate limit, then crawls 1,000 pages while SIGKILLing the worker
 * that runs the crawl twice and an API process once, and compares that crawl with a monitor's crawl of the
 * same site that nothing interrupted. The test then reads what the commands printed, the processes' logs and
 * the webhook receiver's deliveries.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesAvailable, startPostgres, startRedis, type PostgresServer, type RedisServer } from '../helpers/services/index.js';
import {
  copyCheckout,
  docShellBlocks,
  killLeftovers,
  logLines,
  runBash,
  walkPorts,
  walkScript,
  type BashRun,
  type Checkout,
} from './helpers/doc-walk.js';

const WALK_TIMEOUT_MS = 12 * 60_000;

describe.runIf(servicesAvailable('postgres', 'redis'))('docs/scaling-out.md, run as written', () => {
  let pg: PostgresServer;
  let redis: RedisServer;
  let checkout: Checkout;
  let walk: BashRun;

  beforeAll(async () => {
    [pg, redis, checkout] = await Promise.all([startPostgres({ durable: true }), startRedis(), copyCheckout()]);
    const databaseUrl = await pg.createDatabase('scaling_out');
    const script = walkScript(docShellBlocks(), { databaseUrl, redisUrl: redis.url }, await walkPorts());
    walk = await runBash(script, checkout.dir, WALK_TIMEOUT_MS);
  }, WALK_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await killLeftovers(checkout?.dir);
    await Promise.all([pg?.stop(), redis?.stop()]);
    // Kept when the walk failed: walk.out and the logs say why.
    if (walk?.code === 0) await checkout?.remove();
  }, 60_000);

  it('step 1 is the Debian set-up the rest of the page relies on (the test makes the same database itself)', () => {
    const setup = docShellBlocks()[0]!;
    expect(setup).toContain('sudo apt-get install -y postgresql redis-server');
    expect(setup).toContain(`sudo -u postgres psql -c "CREATE ROLE citable LOGIN PASSWORD 'change-me'"`);
    expect(setup).toContain('sudo -u postgres createdb --owner citable citable');
    expect(docShellBlocks()[1]).toContain("export DATABASE_URL='postgres://citable:change-me@127.0.0.1:5432/citable'");
  });

  it('steps 2 to 14 run to the end, and print what their comments say', () => {
    const out = walk.output;
    expect(walk.code, `the walk failed; its output:\n${out.slice(-4000)}`).toBe(0);
    expect(out).toContain('{"ok":true}');
    expect(out).toContain('{"audits":[],"next_cursor":null}');
    expect(out).toMatch(/^Created key key_\w+ for acct_\w+ "Default"/m);
    expect(out).toMatch(
      /^failed: Cannot audit http:\/\/127\.0\.0\.1:\d+: the host resolves to a private, loopback, link-local or reserved address, which is not audited\. The citable worker that ran this crawl refuses private and loopback addresses: to crawl such a site \(local development only\), start the workers with AUDIT_ALLOW_PRIVATE=1\.$/m,
    );
    expect(out).toMatch(/^ +10 201\n +10 429$/m);
    expect(out).toMatch(/^crashed worker-[12] at 100 pages, citable-1 at 300, worker-[12] at 600$/m);
    expect(out).toContain('complete {"discovered":1001,"audited":1000,"failed":0,"skipped":1}');
    expect(out).toMatch(/^ +1 "msg":"crawl ended"\n +1 "msg":"crawl started"\n +2 "msg":"crawl taken over"$/m);
    expect(out).toContain('1000 rows, 1000 URLs');
    expect(out).toMatch(/^same pages: 1000 URLs, each once, with the same status, error and score \(\d+ found slow/m);
    expect(out).toMatch(/^same rollup: /m);
    expect(out).toContain('11 deliveries, 11 events: {"audit.completed":10,"crawl.completed":1}');
    expect(out).toContain('complete complete failed');
  });

  it("step 4's functions: a process that dies before its line fails the launch; a running one is never started twice", async () => {
    const functions = docShellBlocks().find((block) => block.includes('launch() {'))!;
    const script = functions.replaceAll('880$1', `${(await walkPorts()).apiPrefix}$1`);
    const run = await runBash(
      `${script}
set +e
REDIS_URL=redis://127.0.0.1:1 DATABASE_URL=postgres://127.0.0.1:1/none start 9; echo "start: $?"
launch sleeper ready node -e 'console.log("ready"); setInterval(() => {}, 1000)'; echo "first launch: $?"
pid=$(cat sleeper.pid)
launch sleeper ready node -e 'console.log("ready"); setInterval(() => {}, 1000)'; echo "second launch: $?"
[ "$(cat sleeper.pid)" = "$pid" ] && kill -0 "$pid" && echo 'the first one runs, its pid file kept'
stop sleeper; echo "stop: $?"; kill -0 "$pid" 2>/dev/null || [ -e sleeper.pid ] || echo 'stopped, pid file removed'`,
      checkout.dir,
      60_000,
    );
    expect(run.output).toMatch(
      /^citable-9 exited before it was ready:\ncitable server: REDIS_URL: cannot reach Redis at redis:\/\/127\.0\.0\.1:1/m,
    );
    expect(run.output).toContain('start: 1\nfirst launch: 0\n');
    expect(run.output).toMatch(/^sleeper is already running \(pid \d+\); stop sleeper first\nsecond launch: 1$/m);
    expect(run.output).toContain('the first one runs, its pid file kept\nstop: 0\nstopped, pid file removed');
  });

  it('the workers were SIGKILLed twice, mid-crawl, and the other worker took the crawl over each time', () => {
    const lines = ['worker-1.log', 'worker-2.log'].flatMap((log) => logLines(checkout.dir, log));
    const count = (msg: string) => lines.filter((l) => l.msg === msg).length;
    // Started 8 times (2 at first, 2 in step 8, 2 in step 10, 2 after the crashes); stopped by SIGTERM 6 times:
    // the 2 crashed ones never logged their stop.
    expect(count('worker ready')).toBe(8);
    expect(count('worker stopping')).toBe(6);
    const crawlId = lines.find((l) => l.msg === 'crawl taken over')?.crawl_id;
    const takeovers = lines
      .filter((l) => l.msg === 'crawl taken over' && l.crawl_id === crawlId)
      .map((l) => Number(l.audited))
      .sort((a, b) => a - b);
    expect(takeovers).toHaveLength(2);
    expect(takeovers[0]).toBeGreaterThanOrEqual(100);
    expect(takeovers[1]).toBeGreaterThanOrEqual(600);
    expect(lines.filter((l) => l.msg === 'crawl ended' && l.crawl_id === crawlId)).toEqual([
      expect.objectContaining({ status: 'complete' }),
    ]);
    expect(count('crawl refused: its site is on a private or loopback address, and this worker runs without AUDIT_ALLOW_PRIVATE=1')).toBe(
      1,
    );
  });

  it('API process 1 was SIGKILLed once: started 4 times, stopped by SIGTERM 3 times; process 2 started and stopped 3 times', () => {
    const one = logLines(checkout.dir, 'citable-1.log');
    const two = logLines(checkout.dir, 'citable-2.log');
    const count = (lines: typeof one, msg: string) => lines.filter((l) => l.msg === msg).length;
    expect([count(one, 'listening'), count(one, 'signal')]).toEqual([4, 3]);
    expect([count(two, 'listening'), count(two, 'signal')]).toEqual([3, 3]);
  });

  it("the receiver got each event once: the 10 audits' and the monitor's crawl.completed", () => {
    const events = readFileSync(path.join(checkout.dir, 'deliveries.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; type: string; data: any });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const completed = events.filter((e) => e.type === 'crawl.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toMatchObject({ crawl: { status: 'complete' }, monitor_id: expect.stringMatching(/^mon_/) });
    expect(events.filter((e) => e.type === 'audit.completed').map((e) => e.data.audit.url as string)).toHaveLength(10);
  });
});
