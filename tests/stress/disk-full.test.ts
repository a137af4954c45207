/**
 * A full disk under the embedded store: the built server's DATA_DIR on a tmpfs of 4 MB (mounted here: the stress
 * project runs as root in this sandbox and in CI's container), filled to the last byte. Writes are then refused with
 * a 507 that says the disk is full (they used to be generic 500s), the server keeps no file handle per refused
 * write, and once space is freed the same write is stored and nothing stored before was lost.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { extensionAudit } from '../server/helpers/extension-audit.js';

let mountPoint: string;
let server: ServerProcess;
let key: string;

beforeAll(async () => {
  mountPoint = await mkdtemp(path.join(os.tmpdir(), 'citable-disk-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', mountPoint]);
  server = await startServerProcess({ bundle: inject('stressServerBundle'), env: { DATA_DIR: mountPoint }, keepRequestLog: false });
  key = server.firstKey!;
});
afterAll(async () => {
  if (server) await server.stop();
  if (mountPoint) {
    execFileSync('umount', [mountPoint]);
    await rm(mountPoint, { recursive: true, force: true });
  }
});

const sync = (audit: ReturnType<typeof extensionAudit>) =>
  fetch(`${server.url}/api/v1/audits/${audit.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ audit }),
  });
const openFiles = async () => (await readdir(`/proc/${server.pid}/fd`)).length;

/** Fills the file system to its last byte (a file grown in 64 KB, then 1 KB, then 1 byte steps until ENOSPC). */
async function fill(file: string): Promise<void> {
  for (const step of [65_536, 1_024, 1]) {
    for (;;) {
      try {
        await writeFile(file, Buffer.alloc(step), { flag: 'a' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw error;
      }
    }
  }
}

describe('a full disk under the embedded store', () => {
  it('refuses writes with a 507 that says so, leaks no file handle, and stores again once space is freed', async () => {
    const before = extensionAudit();
    expect((await sync(before)).status).toBe(201);
    const filler = path.join(mountPoint, 'filler');
    await fill(filler);
    const handles = await openFiles();
    const refused = [];
    for (let i = 0; i < 20; i++) {
      const res = await sync(extensionAudit());
      refused.push({ status: res.status, body: (await res.json()) as unknown });
    }
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([507]));
    expect(refused[0]!.body).toEqual({
      error: "The server's disk is full (ENOSPC): this change was not stored; retry once space is freed",
    });
    expect(await openFiles()).toBeLessThanOrEqual(handles + 2);
    expect(server.logLines('disk full').length).toBeGreaterThan(0);
    await rm(filler);
    const after = extensionAudit();
    expect((await sync(after)).status).toBe(201);
    for (const audit of [before, after]) {
      const res = await fetch(`${server.url}/api/v1/audits/${audit.id}`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
    }
  });
});
