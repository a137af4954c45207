import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as acorn from 'acorn';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lexicalStates, type LexicalState } from '../../../shared/webmcp/script/lexical-state.js';

/** The state the skimmer gives the first occurrence of `marker` in `src`. */
function stateOf(src: string, marker: string): LexicalState {
  const at = src.indexOf(marker);
  if (at === -1) throw new Error(`marker ${marker} not in source`);
  return lexicalStates(src, [at])[0]!;
}

describe('lexicalStates', () => {
  it('tells code from strings, templates, comments and regex literals', () => {
    const src = [
      'const a = "in double HIT1"; const b = \'in single HIT2\';',
      '// line comment HIT3',
      '/* block comment HIT4 */ const c = `template HIT5 ${ CODE1 } more HIT6`;',
      'const r = /regex HIT7/g; const d = CODE2 / 2 / CODE3;',
    ].join('\n');
    expect(stateOf(src, 'HIT1')).toBe('string');
    expect(stateOf(src, 'HIT2')).toBe('string');
    expect(stateOf(src, 'HIT3')).toBe('comment');
    expect(stateOf(src, 'HIT4')).toBe('comment');
    expect(stateOf(src, 'HIT5')).toBe('template');
    expect(stateOf(src, 'CODE1')).toBe('code');
    expect(stateOf(src, 'HIT6')).toBe('template');
    expect(stateOf(src, 'HIT7')).toBe('regex');
    expect(stateOf(src, 'CODE2')).toBe('code');
    expect(stateOf(src, 'CODE3')).toBe('code');
  });

  it('follows nested templates, braces inside substitutions and escapes', () => {
    const src = 'x=`a${f({k:`inner ${ CODE1 } HIT1`})} HIT2 \\` still HIT3`;CODE2;"esc \\" HIT4";CODE3';
    expect(stateOf(src, 'CODE1')).toBe('code');
    expect(stateOf(src, 'HIT1')).toBe('template');
    expect(stateOf(src, 'HIT2')).toBe('template');
    expect(stateOf(src, 'HIT3')).toBe('template');
    expect(stateOf(src, 'CODE2')).toBe('code');
    expect(stateOf(src, 'HIT4')).toBe('string');
    expect(stateOf(src, 'CODE3')).toBe('code');
  });

  it('decides regex against division from the previous token, as minifiers write it', () => {
    expect(stateOf('return/"HIT"/.test(x);CODE', 'HIT')).toBe('regex');
    expect(stateOf('return/"HIT"/.test(x);CODE', 'CODE')).toBe('code');
    expect(stateOf('a=b/2;c="HIT"', 'HIT')).toBe('string');
    expect(stateOf('a=(b)/2,c="HIT"', 'HIT')).toBe('string');
    expect(stateOf('a=x.return/2,c="HIT"', 'HIT')).toBe('string');
    expect(stateOf('f(/[/"]HIT/)', 'HIT')).toBe('regex');
    expect(stateOf('a=b++/2;c="HIT"', 'HIT')).toBe('string');
  });

  it('ends an unterminated quote at the line break so the rest of the file stays readable', () => {
    const src = 'const a = "broken\nCODE.registerTool(x)';
    expect(stateOf(src, 'CODE')).toBe('code');
  });

  it('classifies many positions in one pass, in order', () => {
    const src = '"s" CODE /*c*/ `t`';
    const states = lexicalStates(src, [1, 4, 10, 16]);
    expect(states).toEqual(['string', 'code', 'comment', 'template']);
  });

  // Ground truth from acorn's tokenizer on real code: every 13th position must agree.
  const require = createRequire(import.meta.url);
  const acornSource = () => readFileSync(require.resolve('acorn'), 'utf8');
  const minify = (code: string) => transformSync(code, { minify: true }).code;
  const realFiles: Array<[string, () => string]> = [
    ['acorn (esbuild-minified)', () => minify(acornSource())],
    ['acorn (readable)', acornSource],
    ['MCP SDK server (esbuild-minified)', () => minify(readFileSync(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'), 'utf8'))],
    // A real production frontend bundle (Vite, minified) shipped inside playwright-core.
    [
      'Playwright HTML report bundle',
      () => readFileSync(join(process.cwd(), 'node_modules/playwright-core/lib/vite/htmlReport/report.js'), 'utf8'),
    ],
  ];
  it.each(realFiles)('agrees with acorn on %s', (_name, load) => {
    const src = load();
    const truth: Array<[number, number, LexicalState]> = [];
    acorn.parse(src, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      onToken: (t) => {
        if (t.type.label === 'string') truth.push([t.start + 1, t.end, 'string']);
        else if (t.type.label === 'template') truth.push([t.start, t.end, 'template']);
        else if (t.type.label === 'regexp') truth.push([t.start + 1, t.end, 'regex']);
      },
      onComment: (_block, _text, start, end) => truth.push([start, end, 'comment']),
    });
    truth.sort((a, b) => a[0] - b[0]);
    const positions = Array.from({ length: Math.floor(src.length / 13) }, (_, i) => i * 13);
    const got = lexicalStates(src, positions);
    let r = 0;
    let mismatches = 0;
    positions.forEach((p, i) => {
      while (r < truth.length && truth[r]![1] <= p) r++;
      const t = truth[r];
      const expected = t && t[0] <= p ? t[2] : 'code';
      if (got[i] !== expected) mismatches++;
    });
    expect(truth.length).toBeGreaterThan(100);
    expect(mismatches).toBe(0);
  });
});
