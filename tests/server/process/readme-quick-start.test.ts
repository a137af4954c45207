/**
 * README's REST API quick start, pasted in order (issue 13, item 15): the built server started as
 * terminal 1 says (AUDIT_ALLOW_PRIVATE=1), the demo site as terminal 2 says, then terminal 3's block run
 * by bash exactly as written, but for the printed key and the two ports (free ones here). Every curl must
 * work: the script stops at the first failing command.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/services/free-port.js';
import { ROOT, startServerProcess, type ServerProcess } from '../../helpers/server-process.js';

function quickStartBlocks(): string[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Quick start'), readme.indexOf('### Errors'));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

describe("README's REST API quick start", () => {
  let dir: string;
  let server: ServerProcess;
  let demo: ReturnType<typeof spawn>;
  let demoPort: number;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT });
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-quick-start-'));
    server = await startServerProcess({ env: { AUDIT_ALLOW_PRIVATE: '1', DATA_DIR: path.join(dir, 'data') } });
    demoPort = await freePort();
    demo = spawn(process.execPath, ['bin/citable.cjs', 'demo', '--serve', '--port', String(demoPort)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve) =>
      createInterface({ input: demo.stdout! }).on('line', (line) => line.startsWith('Demo site on') && resolve()),
    );
  }, 90_000);
  afterAll(async () => {
    demo?.kill('SIGTERM');
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('terminals 1 and 2 are the commands this test runs', () => {
    const [, terminals] = quickStartBlocks();
    expect(terminals).toContain('AUDIT_ALLOW_PRIVATE=1 npm start');
    expect(terminals).toContain('npx citable demo --serve --port 8790');
  });

  it('terminal 3, pasted in order: every call answers as its comment says', () => {
    const block = quickStartBlocks()[2]!;
    expect(block).toContain('export CITABLE_KEY=cit_...');
    const port = new URL(server.url).port;
    const script = block
      .replace('cit_...', server.firstKey!)
      .replaceAll('127.0.0.1:8787', `127.0.0.1:${port}`)
      .replaceAll('127.0.0.1:8790', `127.0.0.1:${demoPort}`);
    const out = execFileSync('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    // POST /audits: 201; PUT: 201; the rest print JSON bodies; the last is the health check.
    expect(out.match(/^20[01]$/gm)).toEqual(['201', '201']);
    expect(out.includes('"next_cursor":null')).toBe(true);
    expect(out.trimEnd().split('\n').at(-1)).toBe('{"ok":true}');
    const errorBodies = out.split('\n').filter((line) => line.startsWith('{"error"'));
    expect(errorBodies).toEqual([]);
  });
});
