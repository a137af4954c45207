/**
 * README's five-minute tour as a newcomer runs it: terminal 1 (the built server, AUDIT_ALLOW_PRIVATE=1) and
 * terminal 2 (the demo site) started through bash as written, then terminal 3's block run by bash exactly as
 * written, but for the printed key and the two ports (free ones here). Every command must work: the script
 * stops at the first one that fails. Then docs/api.md's audit calls, docs/site-audits.md's crawl calls and
 * docs/reports.md's report calls, each pasted after the tour's exports, in turn against a tour of their own.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docSection, fencedBlocks, readDoc, readmeTour, startTour, tourExports, type Tour } from '../../helpers/docs-walkthrough.js';
import { ROOT } from '../../helpers/server-process.js';

const bash = (script: string, cwd: string) =>
  execFileSync('bash', ['-euo', 'pipefail', '-c', script], { cwd, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });

describe("README's five-minute tour", () => {
  let dir: string;
  let tour: Tour;
  let out: string;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT });
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-tour-'));
    tour = await startTour(dir);
    out = bash(tour.local(readmeTour().terminal3), dir);
  }, 120_000);
  afterAll(async () => {
    await tour?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('terminals 1 and 2 are the commands this test runs, and npm start runs the server this test starts', () => {
    const { terminal1, terminal2 } = readmeTour();
    expect(terminal1).toBe('AUDIT_ALLOW_PRIVATE=1 npm start');
    expect(terminal2).toBe('npx citable demo --serve --port 8790');
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; bin: object };
    expect(pkg.scripts.start).toBe('node scripts/build.mjs && node dist/server.mjs');
    expect(pkg.bin).toEqual({ citable: 'bin/citable.cjs' });
    expect(tour.api.lines.join('\n')).toContain('and its first API key');
  });

  it('every call answers as its comment says, and nothing answers an error', () => {
    expect(out.match(/^\d{3}( .*)?$/gm)).toEqual(['201', '200', '201', '200 text/html; charset=utf-8', '202', '200']);
    expect(out.split('\n').filter((line) => line.startsWith('{"error"'))).toEqual([]);
    expect(out).toMatch(/^score \d+\/100$/m);
    expect(out.trimEnd().split('\n').at(-1)).toBe('{"ok":true}');
    expect(out).toMatch(/^Citable API \S+: \d+ paths, \d+ webhook events$/m);
  });

  it('waits for the crawl, so its pages are listed (not [])', () => {
    const progress = out.split('\n').filter((line) => /^(queued|running|complete|failed|cancelled): /.test(line));
    expect(progress.at(-1)).toMatch(/^complete: [1-9]\d* of \d+ pages audited$/);
    const pages = JSON.parse(out.split('\n').find((line) => line.startsWith('{"pages"'))!).pages as Array<{ url: string }>;
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page.url.startsWith(`http://127.0.0.1:${tour.ports.demo}/`)).toBe(true);
    expect(out).toMatch(/^site score \d+\/100$/m);
    expect(out).toMatch(/^[A-Z].*: \d+ of \d+ pages$/m);
  });

  it('the reports are of the demo site, and the share link opens without a key', async () => {
    const site = `http://127.0.0.1:${tour.ports.demo}/`;
    for (const file of ['report.html', 'shared-report.html', 'site-report.html']) {
      const html = await readFile(path.join(dir, file), 'utf8');
      expect(html.startsWith('<!doctype html>'), file).toBe(true);
      expect(html, file).toContain(`127.0.0.1:${tour.ports.demo}`);
    }
    const share = JSON.parse(await readFile(path.join(dir, 'share.json'), 'utf8')).share as { url: string };
    expect(share.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${tour.ports.api}/r/[A-Za-z0-9]{32}$`));
    expect(JSON.parse(await readFile(path.join(dir, 'audit.json'), 'utf8')).audit.url).toBe(site);
  });

  it('lists the account audits with a cursor, and keeps the OpenAPI document in a file instead of printing it', async () => {
    const list = JSON.parse(out.split('\n').find((line) => line.startsWith('{"audits"'))!) as { audits: unknown[]; next_cursor: string };
    expect(list.audits).toHaveLength(3);
    expect(list.next_cursor).toEqual(expect.any(String));
    expect(out.length).toBeLessThan(20_000);
    const doc = JSON.parse(await readFile(path.join(dir, 'openapi.json'), 'utf8')) as { openapi: string };
    expect(doc.openapi).toBe('3.1.0');
  });
});

describe("the calls of docs/api.md, docs/site-audits.md and docs/reports.md, after the tour's exports", () => {
  let dir: string;
  let tour: Tour;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT });
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-api-doc-'));
    tour = await startTour(dir);
  }, 120_000);
  afterAll(async () => {
    await tour?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('pasted in order: every call answers as its comment says', () => {
    const [block] = fencedBlocks(docSection(readDoc('docs/api.md'), '## Audits'), 'sh');
    const out = bash(tour.local(`${tourExports()}\n${block}`), dir);
    // POST /audits: 201; PUT: 201; the rest print JSON bodies; the last is the health check.
    expect(out.match(/^20[01]$/gm)).toEqual(['201', '201']);
    expect(out.includes('"next_cursor":null')).toBe(true);
    expect(out.trimEnd().split('\n').at(-1)).toBe('{"ok":true}');
    const errorBodies = out.split('\n').filter((line) => line.startsWith('{"error"'));
    expect(errorBodies).toEqual([]);
  });

  it('the crawl calls, pasted in order: the crawl ends before its pages are read, and each answers as its comment says', async () => {
    const [block] = fencedBlocks(docSection(readDoc('docs/site-audits.md'), '## Through the API'), 'sh');
    const out = bash(tour.local(`${tourExports()}\n${block}`), dir);
    const lines = out.trimEnd().split('\n');
    expect(lines.filter((l) => /^\d{3}$/.test(l))).toEqual(['202', '200', '200']); // POST /crawls, GET /audits/{page}, the report
    expect(lines.filter((l) => l.startsWith('{"error"'))).toEqual([]);
    expect(lines.filter((l) => /^(queued|running|complete) \{/.test(l)).at(-1)).toMatch(/^complete \{"discovered":\d+,"audited":[1-9]/);
    const pages = lines.filter((l) => l.startsWith('{"pages"')).map((l) => JSON.parse(l).pages as Array<{ audit_id: string }>);
    expect(pages[0]!.length).toBeGreaterThanOrEqual(2); // ?limit=5, after the wait
    expect(JSON.parse(lines.find((l) => l.startsWith('{"share"'))!).share.url).toMatch(/\/r\/[A-Za-z0-9]{32}$/);
    expect(JSON.parse(lines.find((l) => l.startsWith('{"crawls"'))!).crawls).toHaveLength(1);
    expect(JSON.parse(lines.at(-1)!).crawl.status).toBe('complete'); // DELETE of a finished crawl: unchanged
    expect(await readFile(path.join(dir, 'site-report.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });

  it('the report calls, pasted in order: branding, HTML and PDF, the diff against the earlier audit, a share link revoked', async () => {
    const [block] = fencedBlocks(docSection(readDoc('docs/reports.md'), '## Try it'), 'sh');
    const out = bash(tour.local(`${tourExports()}\n${block}`), dir);
    const lines = out.trimEnd().split('\n');
    // PUT /branding, the HTML report, the PDF, POST share, the link without a key, DELETE, the link again
    expect(lines.filter((l) => /^\d{3}$/.test(l))).toEqual(['200', '200', '200', '201', '200', '204', '404']);
    expect(lines.filter((l) => l.startsWith('{"error"'))).toEqual([]);
    const branding = JSON.parse(lines.find((l) => l.startsWith('{"branding"'))!).branding as { name: string; logo: string };
    expect(branding.name).toBe('Northwind Digital');
    expect(branding.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(JSON.parse(lines.find((l) => l.startsWith('{"diff"'))!).diff.score).toEqual(
      expect.objectContaining({ delta: expect.any(Number) }),
    );
    expect(JSON.parse(lines.find((l) => l.startsWith('{"shares"'))!).shares.length).toBeGreaterThanOrEqual(1);
    expect((await readFile(path.join(dir, 'report.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await readFile(path.join(dir, 'report.html'), 'utf8')).toContain('Northwind Digital');
  }, 60_000);
});
