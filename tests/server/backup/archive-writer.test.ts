/**
 * The backup archive (server/backup/archive-writer.ts): small files gathered in a batch, a file too large
 * for the batch, a journal streamed from an open file and bytes held in memory all come out, in the order
 * added, as a tar archive the system's `tar` lists and unpacks byte for byte, with a manifest whose sizes
 * and SHA-256 match. Plain and gzip.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveWriter, MANIFEST_NAME, type Manifest } from '../../../server/backup/archive-writer.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('ArchiveWriter', () => {
  let dir: string;
  const files = new Map<string, Buffer>();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-archive-'));
    // 300 small files (more than one batch of 4 MB at ~20 KB each), then one of 5 MB, then more small ones.
    for (let i = 0; i < 300; i++) files.set(`audits/${String(i % 7).padStart(2, '0')}/a${i}.json`, randomBytes(10_000 + i * 37));
    files.set('audits/00/large.json', randomBytes(5 * 1024 * 1024 + 3));
    for (let i = 300; i < 310; i++) files.set(`audits/01/a${i}.json`, randomBytes(i));
    files.set('audits/01/empty.json', Buffer.alloc(0));
    for (const [name, bytes] of files) {
      await mkdir(path.dirname(path.join(dir, 'src', name)), { recursive: true });
      await writeFile(path.join(dir, 'src', name), bytes);
    }
    await writeFile(path.join(dir, 'src', 'audits.journal'), 'line one\nline two\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function write(out: string, gzip: boolean): Promise<string[]> {
    const archive = await ArchiveWriter.create(out, gzip);
    const journal = await open(path.join(dir, 'src', 'audits.journal'), 'r');
    await archive.addFrom('audits.journal', journal, 9, Date.now()); // the first complete line only
    await journal.close();
    const order = ['audits.journal'];
    for (const name of files.keys()) {
      expect(await archive.addSmallFile(name, path.join(dir, 'src', name))).toBe(true);
      order.push(name);
    }
    expect(await archive.addSmallFile('audits/02/gone.json', path.join(dir, 'src', 'audits/02/gone.json'))).toBe(false);
    await archive.addBytes('accounts.json', Buffer.from('{"version":1}'));
    await archive.finish(new Date('2026-11-28T00:00:00Z'));
    return [...order, 'accounts.json'];
  }

  for (const gzip of [false, true]) {
    it(`writes what tar lists and unpacks byte for byte, with a matching manifest (${gzip ? 'gzip' : 'plain'})`, async () => {
      const out = path.join(dir, gzip ? 'backup.tar.gz' : 'backup.tar');
      const order = await write(out, gzip);
      const listed = execFileSync('tar', [gzip ? 'tzf' : 'tf', out], { encoding: 'utf8' })
        .trimEnd()
        .split('\n');
      expect(listed).toEqual([...order, MANIFEST_NAME]);
      const into = path.join(dir, gzip ? 'unpacked-gz' : 'unpacked');
      await mkdir(into);
      execFileSync('tar', [gzip ? 'xzf' : 'xf', out, '-C', into]);
      for (const [name, bytes] of files) expect(sha256(await readFile(path.join(into, name))), name).toBe(sha256(bytes));
      expect(await readFile(path.join(into, 'audits.journal'), 'utf8')).toBe('line one\n');
      const manifest = JSON.parse(await readFile(path.join(into, MANIFEST_NAME), 'utf8')) as Manifest;
      expect(manifest.files.map((f) => f.path)).toEqual(order);
      for (const entry of manifest.files) {
        const bytes = await readFile(path.join(into, entry.path));
        expect([entry.size, entry.sha256]).toEqual([bytes.length, sha256(bytes)]);
      }
    });
  }
});
