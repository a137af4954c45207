import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Audit } from '../../shared/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { samplePage } from './cli-io.js';

/** The real thing: `node scripts/build.mjs`, then `node bin/citable.mjs` as a separate process. */
const root = fileURLToPath(new URL('../../', import.meta.url));

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { PATH, HOME, SYSTEMROOT } = process.env;
    execFile(
      process.execPath,
      args,
      { cwd: root, env: { PATH, HOME, SYSTEMROOT, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
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
    ...Object.fromEntries([0, 1, 2].map((i) => [`/app-${i}.js`, { body: `console.log(${i})`, headers: { 'content-type': 'text/javascript' } }])),
  });
}, 60_000);
afterAll(() => site?.close());

describe('node bin/citable.mjs', () => {
  it('--help exits 0 with the command list', async () => {
    const { code, stdout } = await run(['bin/citable.mjs', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('citable audit <url> [--json] [--fail-under N]');
  });

  it('audit --json prints the audit object and exits 0', async () => {
    const { code, stdout, stderr } = await run(['bin/citable.mjs', 'audit', `${site.url}/`, '--json'], { AUDIT_ALLOW_PRIVATE: '1' });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const audit = JSON.parse(stdout) as Audit;
    expect(audit.url).toBe(`${site.url}/`);
    expect(audit.category_scores).toHaveLength(6);
    expect(audit.signals.webmcp.bundlesTotal).toBe(3);
  });

  it('prints a plain report through a pipe and exits 1 under --fail-under', async () => {
    const report = await run(['bin/citable.mjs', 'audit', `${site.url}/`, '--fail-under', '100'], { AUDIT_ALLOW_PRIVATE: '1' });
    const score = Number(report.stdout.match(/Score\s+(\d+)\/100/)?.[1]);
    expect(score).toBeLessThan(100); // the sample page has issues
    expect(report.stdout).not.toContain('\x1b[');
    expect(report.code).toBe(1);
  });

  it('exits 2 with one line on stderr for a private address without AUDIT_ALLOW_PRIVATE', async () => {
    const before = site.connections;
    const { code, stdout, stderr } = await run(['bin/citable.mjs', 'audit', `${site.url}/`]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toContain('AUDIT_ALLOW_PRIVATE=1');
    expect(site.connections).toBe(before);
  });

  it('exits 2 for an unknown command', async () => {
    const { code, stderr } = await run(['bin/citable.mjs', 'frobnicate']);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown command "frobnicate"');
  });
});
