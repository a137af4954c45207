/** The engine's modules form no import cycle (type-only imports included): each folder builds on the ones below it. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SHARED = fileURLToPath(new URL('../../../shared/', import.meta.url));
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Relative imports of each file, resolved to the .ts file they name. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = sourceFiles(SHARED);
  const known = new Set(files);
  // A `.js` specifier names the .ts file, or the .tsx one (the report components).
  const resolve = (from: string, spec: string) => {
    const ts = path.resolve(path.dirname(from), spec).replace(/\.js$/, '.ts');
    return known.has(ts) || !known.has(`${ts}x`) ? ts : `${ts}x`;
  };
  for (const file of files)
    graph.set(
      file,
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => resolve(file, m[1]!)),
    );
  return graph;
}

/** Every cycle found by a depth-first walk, each as the chain of files (relative to shared/). */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(SHARED, f)));
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('shared/ imports', () => {
  it('resolve to files that exist', () => {
    const graph = importGraph();
    const missing = [...graph].flatMap(([file, targets]) =>
      targets.filter((t) => !graph.has(t)).map((t) => `${path.relative(SHARED, file)} → ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('form no cycle', () => {
    expect(cycles(importGraph()).map((c) => c.join(' → '))).toEqual([]);
  });
});
