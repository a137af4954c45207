import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

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

export function installCodeCache(codeDir: string, cacheDir = path.join(codeDir, '.v8-cache')): CodeCache {
  const root = path.resolve(codeDir) + path.sep;
  const outcomes = new Map<string, CacheOutcome>();
  const pending = new Map<string, { script: vm.Script; cacheFile: string }>();
  const original = proto._compile;

  proto._compile = function compileWithCache(content, filename) {
    if (!filename.startsWith(root)) return original.call(this, content, filename);
    const cacheFile = cacheFileFor(filename, cacheDir);
    const cachedData = cacheFile ? readOrUndefined(cacheFile) : undefined;
    const script = new vm.Script(Module.wrap(content), {
      filename,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const outcome: CacheOutcome = !cachedData ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted';
    outcomes.set(filename, outcome);
    if (outcome !== 'accepted' && cacheFile) pending.set(filename, { script, cacheFile });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, path.dirname(filename));
  };

  return {
    outcomes,
    save() {
      let written = 0;
      for (const [filename, { script, cacheFile }] of pending) {
        // Never let a cache problem (read-only install, full disk) fail the command that just succeeded.
        try {
          writeAtomically(cacheFile, script.createCachedData());
          removeStale(cacheFile, path.basename(filename));
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
function cacheFileFor(filename: string, cacheDir: string): string | undefined {
  try {
    const stat = fs.statSync(filename);
    const key = `${process.versions.v8}.${stat.size}-${Math.trunc(stat.mtimeMs)}`;
    return path.join(cacheDir, `${path.basename(filename)}.${key}.cache`);
  } catch {
    return undefined;
  }
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
  const temporary = `${file}.${process.pid}.tmp`;
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
