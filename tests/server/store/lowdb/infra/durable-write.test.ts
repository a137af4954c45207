import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Records the file-system calls of a durable write, in order, to prove the fsync sequence.
const calls: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof fs.open = async (file, flags, mode) => {
    const handle = await fs.open(file, flags, mode);
    const name = path.basename(String(file));
    calls.push(`open ${name}`);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      calls.push(`fsync ${name}`);
      return sync();
    };
    return handle;
  };
  const rename: typeof fs.rename = async (from, to) => {
    calls.push(`rename -> ${path.basename(String(to))}`);
    return fs.rename(from, to);
  };
  return { ...fs, open, rename, default: { ...fs, open, rename } };
});

const { writeFileDurable } = await import('../../../../../server/store/lowdb/infra/durable-write.js');

describe('writeFileDurable', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-durable-'));
    calls.length = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('fsyncs the temp file before the rename and the directory after it', async () => {
    const target = path.join(dir, 'accounts.json');
    await writeFileDurable(target, '{"v":1}');
    const dirName = path.basename(dir);
    expect(calls).toHaveLength(5);
    expect(calls[0]).toMatch(/^open \.accounts\.json\.[0-9a-f]+\.tmp$/);
    expect(calls[1]).toMatch(/^fsync \.accounts\.json\.[0-9a-f]+\.tmp$/);
    expect(calls.slice(2)).toEqual(['rename -> accounts.json', `open ${dirName}`, `fsync ${dirName}`]);
    expect(await readFile(target, 'utf8')).toBe('{"v":1}');
  });

  it('replaces atomically: a crash before the rename leaves the old content and only a temp file', async () => {
    const target = path.join(dir, 'accounts.json');
    await writeFile(target, 'old');
    // What a crash between write and rename leaves: a complete or partial temp file, the target untouched.
    await writeFile(path.join(dir, '.accounts.json.abc123.tmp'), 'new but cut sh');
    expect(await readFile(target, 'utf8')).toBe('old');
    await writeFileDurable(target, 'new');
    expect(await readFile(target, 'utf8')).toBe('new');
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp') && n !== '.accounts.json.abc123.tmp')).toEqual([]);
  });

  it('removes its temp file when the write fails', async () => {
    await expect(writeFileDurable(path.join(dir, 'missing-dir', 'x.json'), 'x', { tempDir: dir })).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });
});
