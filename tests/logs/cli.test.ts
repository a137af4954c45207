import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgress, PROGRESS_MIN_BYTES } from '../../server/cli/logs/progress.js';
import { sparkline } from '../../server/cli/logs/render-logs-report.js';
import { helpText, main } from '../../server/cli/main.js';
import { trafficSchema } from '../../shared/schema/traffic.js';
import { memoryIo } from '../cli/cli-io.js';
import { NGINX_LINES } from './samples.js';

let dir: string;
let log: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'citable-logs-cli-'));
  log = path.join(dir, 'access.log');
  await writeFile(log, `${NGINX_LINES.join('\n')}\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({ DATA_DIR: dir });

describe('citable logs', () => {
  it('is listed in the help', () => {
    expect(helpText()).toContain('citable logs <file>...');
  });

  it('prints the report: purposes, agents with verification, pages, referrals and the sources of ranges', async () => {
    const io = memoryIo(env());
    expect(await main(['logs', log], io)).toBe(0);
    const out = io.out();
    expect(out).toContain('5 lines read: 5 counted');
    expect(out).toMatch(/training\s+1\s+50%/);
    expect(out).toMatch(/GPTBot\s+OpenAI\s+training\s+1\s+1\s+0\s+0/);
    expect(out).toMatch(/\/blog\/cold-brew\s+2\s+2/);
    expect(out).toMatch(/ChatGPT\s+2\s+\/docs\/start \(1\), \/pricing \(1\)/);
    expect(out).toContain('the snapshot shipped with Citable');
    expect(io.err()).toBe('');
  });

  it('--json prints {"traffic": ...} that the schema accepts, --site names it', async () => {
    const io = memoryIo(env());
    expect(await main(['logs', log, '--json', '--site', 'Example.COM'], io)).toBe(0);
    const body = JSON.parse(io.out()) as { traffic: unknown };
    expect(Object.keys(body)).toEqual(['traffic']);
    const t = trafficSchema.parse(body.traffic);
    expect(t.site).toBe('example.com');
    expect(t.parsed).toBe(5);
  });

  it('reads - from standard input, gzip included, next to a file', async () => {
    const io = { ...memoryIo(env()), stdin: Readable.from([gzipSync(Buffer.from(`${NGINX_LINES[0]}\n`))]) };
    expect(await main(['logs', '-', log, '--json'], io)).toBe(0);
    const t = trafficSchema.parse((JSON.parse(io.out()) as { traffic: unknown }).traffic);
    expect(t.lines).toBe(6);
    expect(t.agents.find((a) => a.agent === 'GPTBot')?.hits).toBe(2);
  });

  it.each([
    [[], /give at least one log file/],
    [['x.log', '--format', 'apache'], /--format must be auto, combined, cloudflare, cloudfront, json \(got apache\)/],
    [['x.log', '--since', '2026-13-01'], /--since must be a date/],
    [['x.log', '--since', '2026-08-02', '--until', '2026-08-01'], /--since must not be after --until/],
    [['x.log', '--site', 'http://example.com/a'], /--site must be a host/],
    [['x.log', '--fields', 'when=ts'], /--fields: "when" is not one of/],
    [['-', '-'], /standard input \(-\) can be read once/],
    [['x.log', '--colour'], /Unknown option --colour/],
    [['/nonexistent/x.log'], /cannot read \/nonexistent\/x.log: no such file/],
  ])('exits 2 with one clear line: %j', async (args, message) => {
    const io = memoryIo(env());
    expect(await main(['logs', ...(args as string[])], io)).toBe(2);
    expect(io.err()).toMatch(message as RegExp);
    expect(io.err().trim().split('\n')).toHaveLength(1);
    expect(io.out()).toBe('');
  });

  it('answers --help', async () => {
    const io = memoryIo(env());
    expect(await main(['logs', '--help'], io)).toBe(0);
    expect(io.out()).toContain('citable logs update-ranges');
  });
});

describe('the progress line and the sparkline', () => {
  const writer = (tty: boolean) => {
    let text = '';
    return { write: (s: string) => (text += s), isTTY: tty, text: () => text };
  };

  it('shows on a terminal for large input and clears itself; never off a terminal or for small files', () => {
    let t = 0;
    const tty = writer(true);
    const p = createProgress(tty, PROGRESS_MIN_BYTES * 2, () => (t += 200));
    p.add(PROGRESS_MIN_BYTES);
    p.done();
    expect(tty.text()).toContain('50%');
    expect(tty.text().endsWith('\r\x1b[K')).toBe(true);
    const pipe = writer(false);
    createProgress(pipe, PROGRESS_MIN_BYTES * 2).add(1);
    const small = writer(true);
    createProgress(small, 1000).add(1);
    expect(pipe.text() + small.text()).toBe('');
    const stdin = writer(true);
    createProgress(stdin, null, () => (t += 200)).add(5 << 20);
    expect(stdin.text()).toContain('5.0 MB read');
  });

  it('draws one block per value, or per bucket of values', () => {
    expect(sparkline([0, 1, 2, 4], 10)).toBe('▁▂▄█');
    expect(
      sparkline(
        Array.from({ length: 100 }, (_, i) => i),
        10,
      ),
    ).toHaveLength(10);
    expect(sparkline([0, 0], 10)).toBe('▁▁');
  });
});
