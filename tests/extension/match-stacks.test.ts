import { describe, expect, it } from 'vitest';
import { matchRecordedTools, parseFrame } from '../../extension/lib/probe/match-stacks.js';
import type { WebmcpEvidence } from '../../shared/types/audit.js';

describe('parseFrame', () => {
  it('reads Chrome and Firefox frames', () => {
    expect(parseFrame('at r (https://s.example/assets/app.js:1:143)')).toEqual({
      url: 'https://s.example/assets/app.js',
      line: 1,
      column: 143,
    });
    expect(parseFrame('at https://s.example/a.js:3:7')).toEqual({ url: 'https://s.example/a.js', line: 3, column: 7 });
    expect(parseFrame('r@https://s.example/a.js:10:2')).toEqual({ url: 'https://s.example/a.js', line: 10, column: 2 });
    expect(parseFrame('at <anonymous>')).toBeNull();
  });
});

describe('matchRecordedTools', () => {
  const evidence = (url: string): WebmcpEvidence => ({
    kind: 'imperative-registerTool',
    confidence: 'high',
    location: { type: 'external-script', url },
    snippet: 'registerTool(',
    registers: true,
  });
  it('matches a registration to the static evidence of the same script URL', () => {
    const tools = [
      { name: 'a', description: '', stack: ['at https://s.example/app.js:1:5'] },
      { name: 'b', description: '', stack: ['at https://s.example/lazy.js:2:2'] },
      { name: 'c', description: '' },
    ];
    expect(matchRecordedTools(tools, [evidence('https://s.example/app.js')])).toEqual([
      { name: 'a', site: 'app.js:1:5', matchesStatic: true, staticSaw: 'registration' },
      { name: 'b', site: 'lazy.js:2:2', matchesStatic: false, staticSaw: 'nothing' },
    ]);
  });

  it('does not call a script whose only static evidence is an API reference a match', () => {
    const reference: WebmcpEvidence = {
      kind: 'api-reference',
      confidence: 'low',
      location: { type: 'external-script', url: 'https://s.example/app.js' },
      snippet: 'document.modelContext',
      registers: false,
    };
    const runtimeOnly: WebmcpEvidence = {
      ...evidence('https://s.example/lazy.js'),
      kind: 'runtime-tool',
      location: { type: 'runtime', url: 'https://s.example/lazy.js' },
    };
    const tools = [
      { name: 'a', description: '', stack: ['at https://s.example/app.js:1:5'] },
      { name: 'b', description: '', stack: ['at https://s.example/lazy.js:2:2'] },
    ];
    expect(matchRecordedTools(tools, [reference, runtimeOnly])).toEqual([
      { name: 'a', site: 'app.js:1:5', matchesStatic: false, staticSaw: 'other-evidence' },
      { name: 'b', site: 'lazy.js:2:2', matchesStatic: false, staticSaw: 'nothing' },
    ]);
  });
});
