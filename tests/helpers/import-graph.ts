/**
 * The import graph of a source tree, read from the files' import and export-from statements (type-only
 * imports included: a cycle of types is still a cycle of ideas), and the cycles in it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** Every .ts file under `root` → the .ts files under `root` it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of tsFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2]!;
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts'));
      if (target.startsWith(root + path.sep)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Each folder directly under `root` → the folders directly under `root` its files import (files at the top count as ".") */
export function folderGraph(root: string, graph: Map<string, string[]>): Map<string, string[]> {
  const folder = (file: string) => {
    const [first, ...rest] = path.relative(root, file).split(path.sep);
    return rest.length === 0 ? '.' : first!;
  };
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folder(file);
    const set = folders.get(from) ?? new Set<string>();
    for (const target of targets) if (folder(target) !== from) set.add(folder(target));
    folders.set(from, set);
  }
  return new Map([...folders].map(([name, set]) => [name, [...set]]));
}

/** Every elementary cycle found by a depth-first walk, each as its nodes in order (first repeated at the end). */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const key = (cycle: string[]) => [...cycle.slice(0, -1)].sort().join('|');
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const walk = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        if (!seen.has(key(cycle))) {
          seen.add(key(cycle));
          found.push(cycle);
        }
      } else if (!state.has(next)) walk(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) walk(node);
  return found;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}
