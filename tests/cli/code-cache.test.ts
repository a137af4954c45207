import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { CacheOutcome } from '../../server/cli/code-cache.js';

/**
 * Each load is a fresh Node process (V8 also keeps compiled code in memory, which would hide what the
 * cache file does): a driver that installs the cache (server/cli/code-cache.ts, bundled here as the
 * build bundles it), requires one bundle, saves, and prints what happened.
 */
let dir: string;
let codeDir: string;
let cacheDir: string;
let driver: string;

beforeAll(() => {
  const tools = mkdtempSync(path.join(os.tmpdir(), 'citable-code-cache-driver-'));
  const loader = path.join(tools, 'code-cache.cjs');
  buildSync({
    entryPoints: [fileURLToPath(new URL('../../server/cli/code-cache.ts', import.meta.url))],
    outfile: loader,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'error',
  });
  driver = path.join(tools, 'driver.cjs');
  writeFileSync(
    driver,
    `const { installCodeCache } = require(${JSON.stringify(loader)});
const [codeDir, cacheDir, bundle, also] = process.argv.slice(2);
const cache = installCodeCache(codeDir, cacheDir || undefined, also ? also.split(',') : []);
const loaded = require(bundle);
const saved = cache.save();
process.stdout.write(JSON.stringify({ answer: loaded.answer(), loaded, outcome: cache.outcomes.get(bundle) ?? null, saved }));
`,
  );
  return () => rmSync(tools, { recursive: true, force: true });
});

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'citable-code-cache-'));
  codeDir = path.join(dir, 'cli');
  cacheDir = path.join(codeDir, '.v8-cache');
  mkdirSync(codeDir);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface LoadResult {
  answer: number;
  loaded: { filename: string; dirname: string; base: string; self: boolean };
  outcome: CacheOutcome | null;
  saved: number;
}

function load(bundle: string, cacheDirOverride = '', alsoUnder: string[] = []): LoadResult {
  const out = execFileSync(process.execPath, [driver, codeDir, cacheDirOverride, bundle, alsoUnder.join(',')], { encoding: 'utf8' });
  return JSON.parse(out) as LoadResult;
}

/** A bundle whose answer depends on its code, its module scope and a lazily compiled function. */
function writeBundle(name: string, answer: number, mtime = new Date('2026-01-01T00:00:00Z'), inDir = codeDir): string {
  const file = path.join(inDir, name);
  writeFileSync(
    file,
    `'use strict';
const path = require('node:path');
function answer() { return ${answer}; }
module.exports = { answer, filename: __filename, dirname: __dirname, base: path.basename(__filename), self: module.exports === exports };
`,
  );
  utimesSync(file, mtime, mtime);
  return file;
}

const cacheFiles = () => {
  try {
    return readdirSync(cacheDir).filter((n) => n.endsWith('.cache'));
  } catch {
    return [];
  }
};

describe('installCodeCache (each load a new process)', () => {
  it('compiles a bundle without a cache, saves one, and the next process accepts it', () => {
    const file = writeBundle('tool.cjs', 41);
    const first = load(file);
    expect(first).toMatchObject({ answer: 41, outcome: 'missing', saved: 1 });
    expect(first.loaded).toMatchObject({ filename: file, dirname: codeDir, base: 'tool.cjs', self: true });
    expect(cacheFiles()).toEqual([expect.stringMatching(/^tool\.cjs\..+\.cache$/)]);

    expect(load(file)).toMatchObject({ answer: 41, outcome: 'accepted', saved: 0 });
  });

  it('a corrupt cache is rejected by V8, the bundle still runs, and the cache is rewritten', () => {
    const file = writeBundle('tool.cjs', 7);
    load(file);
    const cacheFile = path.join(cacheDir, cacheFiles()[0]!);
    const garbage = Buffer.alloc(readFileSync(cacheFile).length, 0xab);
    writeFileSync(cacheFile, garbage);

    expect(load(file)).toMatchObject({ answer: 7, outcome: 'rejected', saved: 1 });
    expect(readFileSync(cacheFile).equals(garbage)).toBe(false);
    expect(load(file)).toMatchObject({ answer: 7, outcome: 'accepted' });
  });

  it('a rebuilt bundle of the same length never runs the old bytecode, and the old cache is removed', () => {
    const file = writeBundle('tool.cjs', 11);
    load(file);
    const [oldCache] = cacheFiles();
    // Same length (V8's own check compares only that), different code, a later build time.
    writeBundle('tool.cjs', 22, new Date('2026-02-01T00:00:00Z'));
    expect(load(file)).toMatchObject({ answer: 22, outcome: 'missing', saved: 1 });
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()).not.toContain(oldCache);
  });

  it('leaves modules outside its directory to Node', () => {
    const outside = path.join(dir, 'outside.cjs');
    writeFileSync(outside, 'module.exports = { answer: () => 5 };');
    expect(load(outside)).toMatchObject({ answer: 5, outcome: null, saved: 0 });
    expect(cacheFiles()).toEqual([]);
  });

  it('a dependency directory given beside it is cached too, under a name of its own', () => {
    const dependency = path.join(dir, 'node_modules', 'big-dependency');
    mkdirSync(dependency, { recursive: true });
    const inDependency = writeBundle('index.js', 13, undefined, dependency);
    const ours = writeBundle('index.js', 17);
    expect(load(inDependency, '', [dependency])).toMatchObject({ answer: 13, outcome: 'missing', saved: 1 });
    expect(load(ours, '', [dependency])).toMatchObject({ answer: 17, outcome: 'missing', saved: 1 });
    expect(cacheFiles().sort()).toEqual([
      expect.stringMatching(/^big-dependency-[0-9a-f]{8}\.index\.js\..+\.cache$/),
      expect.stringMatching(/^index\.js\./),
    ]);
    expect(load(inDependency, '', [dependency])).toMatchObject({ answer: 13, outcome: 'accepted', saved: 0 });
    expect(load(ours, '', [dependency])).toMatchObject({ answer: 17, outcome: 'accepted', saved: 0 });
    // Without it, the dependency is left to Node.
    expect(load(inDependency)).toMatchObject({ answer: 13, outcome: null, saved: 0 });
  });

  it('a cache directory that cannot be written costs the cache, not the command', () => {
    const file = writeBundle('tool.cjs', 3);
    const blocked = path.join(dir, 'not-a-directory');
    writeFileSync(blocked, 'a file where the cache directory should be');
    expect(load(file, blocked)).toMatchObject({ answer: 3, outcome: 'missing', saved: 0 });
    expect(readdirSync(dir).filter((n) => n.includes('.tmp'))).toEqual([]);
  });
});
