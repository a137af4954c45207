/** The server's import graph stays acyclic, file by file and folder by folder (no module loop, no app/ ↔ middleware/ loop). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, importGraph } from '../../helpers/import-graph.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const server = path.join(ROOT, 'server');
const graph = importGraph(server);
const relative = (cycle: string[]) => cycle.map((file) => path.relative(server, file)).join(' > ');

describe('server/ import graph', () => {
  it('reads the graph (a sanity check of the reader itself)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get(path.join(server, 'main.ts'))).toContain(path.join(server, 'app/start-server.ts'));
    // type-only and dynamic imports count too
    expect(graph.get(path.join(server, 'app/server-citations.ts'))).toContain(path.join(server, 'citations/queue/bullmq-scheduler.ts'));
  });

  it('finds a cycle when there is one', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('has no cycle between files', () => {
    expect(cycles(graph).map(relative)).toEqual([]);
  });

  it('has no cycle between the folders under server/', () => {
    expect(cycles(folderGraph(server, graph)).map((c) => c.join(' > '))).toEqual([]);
  });
});
