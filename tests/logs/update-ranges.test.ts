/** `citable logs update-ranges` against loopback copies of the operators' files (LOG_RANGES_BASE_URL). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/cli/main.js';
import { readPrefixes } from '../../server/logs/update-ranges.js';
import { RANGE_SOURCES } from '../../shared/logs/ranges/range-sources.js';
import { trafficSchema } from '../../shared/schema/traffic.js';
import { memoryIo } from '../cli/cli-io.js';
import { UA, nginx } from './samples.js';

/** What the loopback "operators" serve, by `/{host}{path}`; anything else is 404. */
const FILES: Record<string, string> = {
  '/openai.com/gptbot.json': JSON.stringify({ creationTime: '2026-11-20T08:00:00.000000', prefixes: [{ ipv4Prefix: '192.0.2.0/24' }] }),
  '/www.bing.com/toolbox/bingbot.json': JSON.stringify({
    prefixes: [{ ipv4Prefix: '198.51.100.0/24' }, { ipv6Prefix: '2001:db8:b::/48' }],
  }),
  '/developer.amazon.com/amazonbot/ip-addresses/': '<html><body><ul><li>203.0.113.10</li><li>203.0.113.11/32</li></ul></body></html>',
  '/www.perplexity.ai/perplexitybot.json': '{"prefixes": "not a list"}',
};

let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'citable-ranges-'));
  server = createServer((req, res) => {
    const body = FILES[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(body ?? 'not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('citable logs update-ranges', () => {
  it('downloads every source, writes the dated file, keeps the old list where a download fails', async () => {
    const file = path.join(dir, 'ranges.json');
    const io = memoryIo({ LOG_RANGES_FILE: file, LOG_RANGES_BASE_URL: base });
    expect(await main(['logs', 'update-ranges'], io)).toBe(1);
    expect(io.out()).toMatch(/openai-gptbot\s+1 prefixes/);
    expect(io.out()).toMatch(/amazonbot\s+2 prefixes/);
    expect(io.out()).toMatch(/perplexitybot\s+failed \(no "prefixes" list\); kept 8 prefixes/);
    expect(io.out()).toMatch(/google-common\s+failed \(HTTP 404\); kept \d+ prefixes/);
    expect(io.out()).toContain(`Wrote ${file}: 3 of ${RANGE_SOURCES.length} sources downloaded.`);
    const written = JSON.parse(await readFile(file, 'utf8')) as { sources: { id: string; taken: string | null; prefixes: string[] }[] };
    expect(written.sources.map((s) => s.id)).toEqual(RANGE_SOURCES.map((s) => s.id));
    expect(written.sources.find((s) => s.id === 'openai-gptbot')).toMatchObject({ taken: '2026-11-20', prefixes: ['192.0.2.0/24'] });
    expect(written.sources.find((s) => s.id === 'bingbot')?.prefixes).toEqual(['198.51.100.0/24', '2001:db8:b::/48']);
  });

  it('then citable logs verifies with the refreshed ranges', async () => {
    const file = path.join(dir, 'ranges.json');
    const log = path.join(dir, 'a.log');
    await writeFile(
      log,
      [
        nginx('192.0.2.5', '01/Aug/2026:10:00:00 +0000', 'GET / HTTP/1.1', 200, '-', UA.gptbot),
        nginx('20.171.206.1', '01/Aug/2026:10:00:00 +0000', 'GET / HTTP/1.1', 200, '-', UA.gptbot),
        nginx('2001:db8:b::1', '01/Aug/2026:10:00:00 +0000', 'GET / HTTP/1.1', 200, '-', UA.bingbot),
        nginx('66.249.66.1', '01/Aug/2026:10:00:00 +0000', 'GET / HTTP/1.1', 200, '-', UA.googlebot),
      ].join('\n'),
    );
    const io = memoryIo({ LOG_RANGES_FILE: file });
    expect(await main(['logs', log, '--json'], io)).toBe(0);
    const t = trafficSchema.parse((JSON.parse(io.out()) as { traffic: unknown }).traffic);
    const by = (name: string) => t.agents.find((a) => a.agent === name);
    expect(by('GPTBot')).toMatchObject({ verified: 1, spoofed: 1 });
    expect(by('Bingbot')).toMatchObject({ verified: 1 });
    expect(by('Googlebot')).toMatchObject({ verified: 1 }); // kept from the shipped snapshot
    const text = memoryIo({ LOG_RANGES_FILE: file });
    await main(['logs', log], text);
    expect(text.out()).toContain(`Address ranges: ${file}`);
  });

  it('falls back to the shipped snapshot, with a warning, when the file is not a ranges file', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{"nope": true}');
    const log = path.join(dir, 'b.log');
    await writeFile(log, nginx('20.171.206.1', '01/Aug/2026:10:00:00 +0000', 'GET / HTTP/1.1', 200, '-', UA.gptbot));
    const io = memoryIo({ LOG_RANGES_FILE: file });
    expect(await main(['logs', log, '--json'], io)).toBe(0);
    expect(io.err()).toContain('is not a ranges file; using the shipped snapshot');
    expect(JSON.parse(io.out()).traffic.agents[0].verified).toBe(1);
  });

  it('refuses a base URL that is not http(s), and arguments', async () => {
    const bad = memoryIo({ LOG_RANGES_BASE_URL: 'ftp://x' });
    expect(await main(['logs', 'update-ranges'], bad)).toBe(2);
    expect(bad.err()).toMatch(/LOG_RANGES_BASE_URL must be an http\(s\) URL/);
    const extra = memoryIo({});
    expect(await main(['logs', 'update-ranges', 'now'], extra)).toBe(2);
  });

  it('reads prefixes from the JSON shape and from a page of addresses', () => {
    expect(
      readPrefixes('{"prefixes":[{"ipv4Prefix":"1.2.3.0/24"},{"ipv6Prefix":"2001:db8::/32"},{"ipv4Prefix":"x"}]}', 'prefixes').prefixes,
    ).toEqual(['1.2.3.0/24', '2001:db8::/32']);
    expect(readPrefixes('<td>54.1.2.3</td><td>2600:1f18::1</td> 999.1.1.1', 'text').prefixes).toEqual(['54.1.2.3', '2600:1f18::1']);
  });
});
