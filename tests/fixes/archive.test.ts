/** The fixes archive: a ZIP that unzip tests clean and extracts to the same files, with names that cannot escape it. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { crc32, toBase64, zipStore } from '../../shared/fixes/zip.js';
import { fixFileName, fixFiles, safePath } from '../../shared/fixes/archive.js';
import type { Fix } from '../../shared/fixes/types.js';

const run = promisify(execFile);
const fix = (over: Partial<Fix>): Fix => ({
  id: 'fix_0000000000000000',
  rules: [],
  title: 'robots.txt',
  kind: 'file',
  path: '/robots.txt',
  media_type: 'text/plain',
  content: 'User-agent: *\nAllow: /\n',
  explanation: '',
  preview: null,
  ...over,
});

describe('the fixes archive', () => {
  it('is a ZIP that unzip -t accepts and extracts byte for byte, UTF-8 names included', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'citable-zip-'));
    const entries = [
      { name: 'site/robots.txt', data: 'User-agent: *\nAllow: /\n' },
      { name: 'site/café/menu.md', data: '# Café crème ☕\n' },
      { name: 'empty.txt', data: '' },
      { name: 'bytes.bin', data: new Uint8Array(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256)) },
    ];
    const file = path.join(dir, 'fixes.zip');
    await writeFile(file, zipStore(entries, new Date(2026, 2, 14, 9, 30, 12)));
    const tested = await run('unzip', ['-t', file]);
    expect(tested.stdout).toContain('No errors detected');
    await run('unzip', ['-q', file, '-d', path.join(dir, 'out')]);
    for (const e of entries) {
      const back = await readFile(path.join(dir, 'out', e.name));
      expect(new Uint8Array(back)).toEqual(typeof e.data === 'string' ? new TextEncoder().encode(e.data) : e.data);
    }
    expect((await run('unzip', ['-l', file])).stdout).toMatch(/2026-03-14 09:30\s+site\/café\/menu.md/);
  });

  it('computes CRC-32 and base64 as the standards define them', () => {
    expect(crc32(new TextEncoder().encode('123456789')).toString(16)).toBe('cbf43926');
    for (const text of ['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar']) expect(toBase64(new TextEncoder().encode(text))).toBe(btoa(text));
  });

  it('names files by kind, never outside the tree', () => {
    expect(fixFileName(fix({}))).toBe('site/robots.txt');
    expect(fixFileName(fix({ path: '/.well-known/api-catalog' }))).toBe('site/.well-known/api-catalog');
    expect(fixFileName(fix({ kind: 'snippet', title: 'Head tags', path: '/guides/cold-brew' }))).toBe(
      'snippets/guides-cold-brew-head-tags.html',
    );
    expect(fixFileName(fix({ kind: 'config', title: 'Markdown for agents: Cloudflare Worker', path: null }))).toBe(
      'config/cloudflare-worker.js',
    );
    expect(safePath('/../../etc/passwd')).toBe('etc/passwd');
    expect(safePath('/a/./b/%2e%2e/c:d')).toBe('a/b/%2e%2e/c_d');
    expect(safePath('/docs/')).toBe('docs/index.html');
    expect(fixFiles([fix({})]).map((f) => f.name)).toEqual(['site/robots.txt', 'fixes.json']);
  });
});
