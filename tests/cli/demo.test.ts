/**
 * `citable demo`: a new user sees a real report offline in one command. The demo site
 * is served on 127.0.0.1 and audited by the real engine (the network sentinel of this test project would
 * fail the test on any other address); `--serve` keeps it up for the API's quick start, and the API
 * started with AUDIT_ALLOW_PRIVATE=1 audits it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/cli/main.js';
import { createNodeFetcher } from '../../server/net/node-fetcher.js';
import type { Audit } from '../../shared/types/audit.js';
import { startTestApi, type TestApi } from '../server/helpers/test-api.js';
import { memoryIo } from './cli-io.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('citable demo', () => {
  let audit: Audit;
  beforeAll(async () => {
    const io = memoryIo({});
    expect(await main(['demo', '--json'], io)).toBe(0);
    audit = JSON.parse(io.out()) as Audit;
  });

  it('audits the demo site on 127.0.0.1 with the real engine: every rule ran', () => {
    expect(audit.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(audit.status).toBe('complete');
    expect(audit.rule_errors).toEqual([]);
    expect(audit.category_scores.every((c) => c.applicable)).toBe(true);
  });

  it('finds what the site has: valid llms.txt, sitemap with lastmod, JSON-LD identity, GPTBot opted out (a notice)', () => {
    const rules = audit.issues.map((i) => i.rule);
    expect(audit.llms_txt).toEqual({ status: 'present', valid: true, problems: [] });
    for (const present of [
      'sitemap.present',
      'sitemap.lastmod',
      'json-ld.present',
      'json-ld.parses',
      'schema.identity',
      'content.title',
      'content.meta-description',
      'robots.search-agents-blocked',
    ]) {
      expect(rules, present).not.toContain(present);
    }
    expect(audit.crawlers.find((c) => c.agent === 'GPTBot')?.robots).toBe('blocked');
    expect(audit.issues.find((i) => i.rule === 'robots.training-agents-blocked')?.severity).toBe('notice');
  });

  it('and its deliberate faults: an image without alt text, no llms-full.txt', () => {
    const rules = audit.issues.map((i) => i.rule);
    expect(rules).toContain('content.image-alt');
    expect(rules).toContain('llms-full-txt.present');
    expect(audit.score).toBeGreaterThan(49);
    expect(audit.score).toBeLessThan(100);
  });

  it('prints the readable report, then says how to audit a real site', async () => {
    const io = memoryIo({});
    expect(await main(['demo'], io)).toBe(0);
    expect(io.out()).toMatch(/^Citable audit of http:\/\/127\.0\.0\.1:\d+\//);
    expect(io.out()).toContain('Images without alt text');
    expect(io.out()).toContain('npx citable audit example.com');
  });

  it.each([
    [['demo', 'extra'], /unexpected extra/],
    [['demo', '--port', '8790'], /--port goes with --serve/],
    [['demo', '--serve', '--port', 'x'], /--port takes a port number/],
  ])('%j: exit 2 with a message', async (argv, message) => {
    const io = memoryIo({});
    expect(await main(argv, io)).toBe(2);
    expect(io.err()).toMatch(message);
  });
});

describe('citable demo --serve, audited through the API', () => {
  let api: TestApi;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT });
    api = await startTestApi({ fetcher: createNodeFetcher({ allowPrivate: true }) }); // as AUDIT_ALLOW_PRIVATE=1 npm start
  }, 60_000);
  afterAll(() => api?.close({ removeData: true }));

  it('serves until SIGTERM (exit 0); POST /audits of the printed URL answers 201 with the report', async () => {
    const proc = spawn(process.execPath, ['bin/citable.cjs', 'demo', '--serve'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: proc.stdout! }).on('line', (line) => {
          const match = /^Demo site on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(line);
          if (match) resolve(match[1]!);
        });
        void exited.then((code) => reject(new Error(`citable demo --serve exited (${code})`)));
      });
      const res = await api.request('POST', '/api/v1/audits', { body: { url } });
      expect(res.status).toBe(201);
      expect(res.json.audit.url).toBe(url);
      expect(res.json.audit.issues.map((i: { rule: string }) => i.rule)).toContain('content.image-alt');
    } finally {
      proc.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);

  it("npm run demo's command, the built CLI, prints the report and exits 0", () => {
    const out = execFileSync(process.execPath, ['bin/citable.cjs', 'demo'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(out).toMatch(/^Citable audit of http:\/\/127\.0\.0\.1:\d+\//);
    expect(out).toMatch(/Score\s+\d+\/100/);
  });
});
