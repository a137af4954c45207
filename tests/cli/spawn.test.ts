import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Audit } from '../../shared/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { samplePage } from './cli-io.js';

/** The real thing: `node scripts/build.mjs`, then `node bin/citable.cjs` as a separate process. */
const root = fileURLToPath(new URL('../../', import.meta.url));

function run(args: string[], env: Record<string, string> = {}, cwd = root): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { PATH, HOME, SYSTEMROOT } = process.env;
    execFile(process.execPath, args, { cwd, env: { PATH, HOME, SYSTEMROOT, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let site: FixtureSite;
beforeAll(async () => {
  const build = await run(['scripts/build.mjs']);
  expect(build.stderr).toBe('');
  expect(build.code).toBe(0);
  site = await startFixtureSite({
    '/': { body: samplePage() },
    ...Object.fromEntries(
      [0, 1, 2].map((i) => [`/app-${i}.js`, { body: `console.log(${i})`, headers: { 'content-type': 'text/javascript' } }]),
    ),
  });
}, 60_000);
afterAll(() => site?.close());

describe('node bin/citable.cjs', () => {
  it('--help exits 0 with the command list', async () => {
    const { code, stdout } = await run(['bin/citable.cjs', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('citable audit <url> [--json] [--fail-under N]');
  });

  it('audit --json prints the audit object and exits 0', async () => {
    const { code, stdout, stderr } = await run(['bin/citable.cjs', 'audit', `${site.url}/`, '--json'], { AUDIT_ALLOW_PRIVATE: '1' });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const audit = JSON.parse(stdout) as Audit;
    expect(audit.url).toBe(`${site.url}/`);
    expect(audit.category_scores).toHaveLength(6);
    expect(audit.signals.webmcp.bundlesTotal).toBe(3);
  });

  it('prints a plain report through a pipe and exits 1 under --fail-under', async () => {
    const report = await run(['bin/citable.cjs', 'audit', `${site.url}/`, '--fail-under', '100'], { AUDIT_ALLOW_PRIVATE: '1' });
    const score = Number(report.stdout.match(/Score\s+(\d+)\/100/)?.[1]);
    expect(score).toBeLessThan(100); // the sample page has issues
    expect(report.stdout).not.toContain('\x1b[');
    expect(report.code).toBe(1);
  });

  it('exits 2 with one line on stderr for a private address without AUDIT_ALLOW_PRIVATE', async () => {
    const before = site.connections;
    const { code, stdout, stderr } = await run(['bin/citable.cjs', 'audit', `${site.url}/`]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toContain('AUDIT_ALLOW_PRIVATE=1');
    expect(site.connections).toBe(before);
  });

  it('exits 2 for an unknown command', async () => {
    const { code, stderr } = await run(['bin/citable.cjs', 'frobnicate']);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown command "frobnicate"');
  });
});

describe('the V8 code cache of the built command', () => {
  // A private copy of the built command (other test files rebuild dist/ while this runs); the audit
  // bundle needs nothing from node_modules, which this also proves.
  let install: string;
  const cacheDir = () => path.join(install, 'dist/cli/.v8-cache');
  const caches = () => (existsSync(cacheDir()) ? readdirSync(cacheDir()) : []);
  beforeAll(() => {
    install = mkdtempSync(path.join(os.tmpdir(), 'citable-install-'));
    cpSync(path.join(root, 'bin/citable.cjs'), path.join(install, 'bin/citable.cjs'));
    cpSync(path.join(root, 'dist'), path.join(install, 'dist'), { recursive: true, filter: (src) => !src.includes('.v8-cache') });
  });
  afterAll(() => rmSync(install, { recursive: true, force: true }));

  const audit = (env: Record<string, string> = {}) =>
    run(['bin/citable.cjs', 'audit', `${site.url}/`, '--json'], { AUDIT_ALLOW_PRIVATE: '1', ...env }, install);

  it('is not written when switched off, or after a usage error', async () => {
    expect((await audit({ NODE_DISABLE_COMPILE_CACHE: '1' })).code).toBe(0);
    expect((await run(['bin/citable.cjs', 'audit'], {}, install)).code).toBe(2);
    expect(caches()).toEqual([]);
  });

  it('is written by the first audit, used by the next, and a corrupt one changes nothing but itself', async () => {
    const first = await audit();
    expect(first.code).toBe(0);
    expect(caches()).toEqual([expect.stringMatching(/^audit-command\.cjs\..+\.cache$/)]);
    const cacheFile = path.join(cacheDir(), caches()[0]!);
    const written = readFileSync(cacheFile);
    const inode = statSync(cacheFile).ino; // a rewrite renames a new file into place

    const second = await audit();
    expect(second.code).toBe(0);
    expect(statSync(cacheFile).ino).toBe(inode); // accepted: not rewritten
    expect((JSON.parse(second.stdout) as Audit).score).toBe((JSON.parse(first.stdout) as Audit).score);

    writeFileSync(cacheFile, Buffer.alloc(written.length, 0x5a));
    const third = await audit();
    expect(third.stderr).toBe('');
    expect(third.code).toBe(0);
    expect((JSON.parse(third.stdout) as Audit).score).toBe((JSON.parse(first.stdout) as Audit).score);
    expect(statSync(cacheFile).ino).not.toBe(inode); // rejected by V8, then rewritten
    expect(readFileSync(cacheFile)[0]).not.toBe(0x5a);
  });

  it('the build pre-fills it (scripts/warm-cli-cache.mjs), and the first audit after the build uses it', async () => {
    rmSync(cacheDir(), { recursive: true, force: true });
    cpSync(path.join(root, 'scripts/warm-cli-cache.mjs'), path.join(install, 'scripts/warm-cli-cache.mjs'));
    const warm = await run(['scripts/warm-cli-cache.mjs'], {}, install);
    expect(warm).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // One audit and one crawl: the audit's bundle, the crawl's, and its audit threads' worker bundle.
    expect(
      caches()
        .map((f) => f.split('.cjs.')[0])
        .sort(),
    ).toEqual(['audit-command', 'audit-worker', 'crawl-command']);
    const auditCache = () =>
      path.join(
        cacheDir(),
        caches().find((f) => f.startsWith('audit-command.'))!,
      );
    const inode = statSync(auditCache()).ino;

    expect((await audit()).code).toBe(0);
    expect(caches()).toHaveLength(3);
    expect(statSync(auditCache()).ino).toBe(inode); // accepted, not rewritten
  });
});
