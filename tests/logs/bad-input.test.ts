/** What `citable logs` does with input that is not a clean log: each case counts what it can and names the rest. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/cli/main.js';
import { trafficSchema, type Traffic } from '../../shared/schema/traffic.js';
import { memoryIo } from '../cli/cli-io.js';
import { NGINX_LINES, UA, nginx } from './samples.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'citable-logs-bad-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const p = path.join(dir, name);
  await writeFile(p, content);
  return p;
}

async function traffic(...args: string[]): Promise<Traffic> {
  const io = memoryIo({ DATA_DIR: dir });
  expect(await main(['logs', ...args, '--json'], io)).toBe(0);
  return trafficSchema.parse((JSON.parse(io.out()) as { traffic: Traffic }).traffic);
}

const many = (n: number) =>
  Array.from({ length: n }, (_, i) => nginx('20.171.206.1', '01/Aug/2026:10:00:00 +0000', `GET /p${i} HTTP/1.1`, 200, '-', UA.gptbot));

describe('bad input is counted, listed and never fatal', () => {
  it('a truncated gzip file: the lines before the cut count, the cut is a problem', async () => {
    const whole = gzipSync(Buffer.from(`${many(2000).join('\n')}\n`));
    const t = await traffic(await file('cut.log.gz', whole.subarray(0, Math.floor(whole.length * 0.6))));
    expect(t.parsed).toBeGreaterThan(100);
    expect(t.parsed).toBeLessThan(2000);
    expect(t.problems.at(-1)?.reason).toMatch(/cut\.log\.gz: gzip data broke off or is damaged/);
  });

  it('binary garbage: every line a problem, named as binary, the count exact', async () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const t = await traffic(await file('garbage.bin', garbage));
    expect(t.parsed).toBe(0);
    expect(t.skipped).toBe(t.lines);
    expect(t.problems.length).toBeGreaterThan(0);
    expect(t.problems.some((p) => /binary data/.test(p.reason))).toBe(true);
  });

  it('a 10 MB line between good lines: reported by number, the others read', async () => {
    const huge = `203.0.113.1 - - [01/Aug/2026:10:00:00 +0000] "GET /${'a'.repeat(10 * 1024 * 1024)} HTTP/1.1" 200 5 "-" "x"`;
    const t = await traffic(await file('huge.log', [NGINX_LINES[0], huge, NGINX_LINES[1]].join('\n')));
    expect([t.lines, t.parsed, t.skipped]).toEqual([3, 2, 1]);
    expect(t.problems).toEqual([{ line: 2, reason: `${path.join(dir, 'huge.log')}: line longer than 64 KiB` }]);
  });

  it('invalid UTF-8 in a path and a user agent: read, replaced, counted', async () => {
    const bytes = Buffer.concat([
      Buffer.from('20.171.206.1 - - [01/Aug/2026:10:00:00 +0000] "GET /caf'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from(' HTTP/1.1" 200 5 "-" "GPTBot/1.3 '),
      Buffer.from([0xe2, 0x82]),
      Buffer.from('"\n'),
    ]);
    const t = await traffic(await file('utf8.log', bytes));
    expect([t.parsed, t.skipped]).toEqual([1, 0]);
    expect(t.top_pages[0]?.path).toMatch(/^\/caf\ufffd/);
  });

  it('three formats mixed in one file are all read under --format auto, and only the chosen one otherwise', async () => {
    const mixed = [
      ...NGINX_LINES,
      JSON.stringify({
        ClientIP: '20.171.206.1',
        ClientRequestURI: '/cf',
        EdgeResponseStatus: 200,
        ClientRequestUserAgent: 'GPTBot/1.3',
        EdgeStartTimestamp: 1785578400,
      }),
      JSON.stringify({ time: '2026-08-01T10:00:00Z', ip: '66.249.66.1', path: '/j', status: 200, user_agent: UA.googlebot }),
      [
        '2026-08-01',
        '10:00:00',
        'IAD89-C3',
        '335',
        '17.22.237.5',
        'GET',
        'd1.cloudfront.net',
        '/cfr',
        '200',
        '-',
        'Applebot/0.1',
        '-',
      ].join('\t'),
    ].join('\n');
    const p = await file('mixed.log', mixed);
    const auto = await traffic(p);
    expect([auto.lines, auto.parsed, auto.skipped]).toEqual([8, 8, 0]);
    expect(auto.agents.map((a) => a.agent).sort()).toEqual(['Applebot', 'GPTBot', 'Googlebot']);
    const combined = await traffic(p, '--format', 'combined');
    expect([combined.parsed, combined.skipped]).toEqual([5, 3]);
  });

  it('times out of order and in other zones: the window is the earliest and latest instant', async () => {
    const lines = [
      nginx('20.171.206.1', '02/Aug/2026:01:00:00 +0200', 'GET /b HTTP/1.1', 200, '-', UA.gptbot),
      nginx('20.171.206.1', '31/Jul/2026:20:00:00 -0700', 'GET /a HTTP/1.1', 200, '-', UA.gptbot),
      nginx('20.171.206.1', '01/Aug/2026:12:00:00 +0000', 'GET /c HTTP/1.1', 200, '-', UA.gptbot),
    ];
    const t = await traffic(await file('order.log', lines.join('\n')));
    expect(t.since).toBe('2026-08-01T03:00:00.000Z');
    expect(t.until).toBe('2026-08-01T23:00:00.000Z');
    expect(t.series.map((d) => [d.date, d.hits_by_purpose.training])).toEqual([['2026-08-01', 3]]);
    const windowed = await traffic(await file('order2.log', lines.join('\n')), '--since', '2026-08-01T11:00:00Z');
    expect([windowed.parsed, windowed.skipped, windowed.since]).toEqual([2, 1, '2026-08-01T11:00:00.000Z']);
  });

  it('user agents with control characters are never printed raw', async () => {
    const evil = '203.0.113.1 - - [01/Aug/2026:10:00:00 +0000] "GET /\\x1b[2J HTTP/1.1" 200 5 "-" "Evil\\x1b[31mBot/1.0\\x07"';
    const io = memoryIo({ DATA_DIR: dir });
    expect(await main(['logs', await file('evil.log', `${evil}\n`)], io)).toBe(0);
    expect(io.out()).toContain('Evil[31mBot/1.0');
    expect(io.out()).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });
});
