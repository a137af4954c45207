import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';

/**
 * A V8 code cache for the CLI's own CommonJS bundles (what Node 22's module.enableCompileCache does,
 * for Node 20, which lacks it). A one-page `citable audit` is mostly start-up; compiling its
 * 600 KB bundle is a large share of that. The first run compiles as usual and, when the command has
 * done its work, saves the bytecode of every function it ran; later runs hand that to V8 instead of
 * compiling. The cache is written beside the code only (a planted cache would be planted code, so
 * never a shared temporary directory) and is named by V8 version and the bundle's size and mtime:
 * V8's own check compares only the source length, so a rebuilt bundle must never meet an old cache.
 */

export type CacheOutcome = 'accepted' | 'rejected' | 'missing';

export interface CodeCache {
  /** What happened to each bundle compiled through the cache so far, by file name. */
  readonly outcomes: ReadonlyMap<string, CacheOutcome>;
  /** Writes the cache of each bundle that had none (or a rejected one). Returns how many were written. */
  save(): number;
  /** Restores Node's own compiler (for tests). */
  uninstall(): void;
}

type Compile = (this: Module, content: string, filename: string) => unknown;
const proto = Module.prototype as unknown as { _compile: Compile };

/**
 * `alsoUnder`: other directories whose CommonJS files go through the same cache (a large dependency loaded at run
 * time, as playwright-core is for `--render`); their caches are kept in `cacheDir` too, named by a hash of the directory.
 */
export function installCodeCache(codeDir: string, cacheDir = path.join(codeDir, '.v8-cache'), alsoUnder: string[] = []): CodeCache {
  const roots = [codeDir, ...alsoUnder].map((dir, i) => ({ dir: path.resolve(dir) + path.sep, prefix: i === 0 ? '' : dirPrefix(dir) }));
  const outcomes = new Map<string, CacheOutcome>();
  const pending = new Map<string, { script: vm.Script; cacheFile: string; name: string }>();
  const original = proto._compile;

  proto._compile = function compileWithCache(content, filename) {
    const root = roots.find((r) => filename.startsWith(r.dir));
    if (!root) return original.call(this, content, filename);
    const cacheFile = cacheFileFor(filename, cacheDir, root.prefix);
    const cachedData = cacheFile ? readOrUndefined(cacheFile) : undefined;
    const script = new vm.Script(Module.wrap(content), {
      filename,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const outcome: CacheOutcome = !cachedData ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted';
    outcomes.set(filename, outcome);
    if (outcome !== 'accepted' && cacheFile) pending.set(filename, { script, cacheFile, name: `${root.prefix}${path.basename(filename)}` });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, path.dirname(filename));
  };

  return {
    outcomes,
    save() {
      let written = 0;
      for (const { script, cacheFile, name } of pending.values()) {
        // Never let a cache problem (read-only install, full disk) fail the command that just succeeded.
        try {
          writeAtomically(cacheFile, script.createCachedData());
          removeStale(cacheFile, name);
          written++;
        } catch {
          // No cache this time; the next run compiles as usual and tries again.
        }
      }
      pending.clear();
      return written;
    },
    uninstall() {
      proto._compile = original;
    },
  };
}

/** `<bundle>.<v8 version>.<size>-<mtime>.cache`, or undefined if the bundle cannot be stat'ed. */
function cacheFileFor(filename: string, cacheDir: string, prefix = ''): string | undefined {
  try {
    const stat = fs.statSync(filename);
    const key = `${process.versions.v8}.${stat.size}-${Math.trunc(stat.mtimeMs)}`;
    return path.join(cacheDir, `${prefix}${path.basename(filename)}.${key}.cache`);
  } catch {
    return undefined;
  }
}

/** `<directory name>-<hash of its path>.`: files of two directories never share a cache name. */
function dirPrefix(dir: string): string {
  const hash = createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 8);
  return `${path.basename(dir)}-${hash}.`;
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Readers see the old file or the whole new one, never a torn one (temporary name, then rename). */
function writeAtomically(file: string, data: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Two audit threads of one process may save the same cache at once: each writes its own temporary file.
  const temporary = `${file}.${process.pid}.${threadId}.tmp`;
  try {
    fs.writeFileSync(temporary, data);
    fs.renameSync(temporary, file);
  } catch (err) {
    fs.rmSync(temporary, { force: true });
    throw err;
  }
}

/** Caches of earlier builds (or V8 versions) of the same bundle are dead weight: remove them. */
function removeStale(current: string, bundleName: string): void {
  const dir = path.dirname(current);
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(`${bundleName}.`) && name.endsWith('.cache') && path.join(dir, name) !== current) {
      fs.rmSync(path.join(dir, name), { force: true });
    }
  }
}
