import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lexicalStates } from '../../../shared/webmcp/script/lexical-state.js';
import { scanScript, type ScriptOrigin } from '../../../shared/webmcp/script/scan-script.js';

const ORIGIN: ScriptOrigin = { type: 'external-script', url: 'https://example.com/app.js' };

// Fragments that look like (minified) code around WebMCP, including the tricky lexical ones.
const FRAGMENTS = [
  'document',
  'navigator',
  'window',
  '.',
  '?.',
  'modelContext',
  'register',
  'Tool',
  'provide',
  'Context',
  'tool',
  'name',
  'description',
  'execute',
  'inputSchema',
  'getTools',
  'executeTool',
  'listTools',
  ':',
  ',',
  ';',
  '(',
  ')',
  '{',
  '}',
  '[',
  ']',
  '"x"',
  "'y'",
  '`z`',
  '`',
  '${',
  '"',
  "'",
  '/',
  '*',
  '//',
  '/*',
  '*/',
  '\n',
  '\\',
  ' ',
  '=',
  '=>',
  '<form ',
  '>',
  'experimental',
  'WebMcpTool',
  ' in ',
  'new WebMCP(',
  '__isWebMCPPolyfill',
  'Document.prototype',
  'return',
  'async ',
  'await ',
  '!0',
  'e',
  't',
  'n',
  '1',
];
const COUNTING_TOKENS = /registerTool|provideContext|toolname|experimentalWebMcpTool/;
const codeLike = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 80 }).map((parts) => parts.join(''));

// Complete statements, so code planted after them is code again.
const STATEMENTS = [
  'var a=1;',
  'function f(x){return x/2}',
  'const s="a//b/*";',
  'const t=`x${1+`y`}z`;',
  '/* comment */',
  'let r=/[/"]/g;',
  "if(a)b('it\\'s');",
  'x=y?.z??{k:[1,2,3]};',
  'async function g(){await h()}',
  'class C{#p=1;m(){return this.#p}}',
];
const statements = fc.array(fc.constantFrom(...STATEMENTS), { maxLength: 12 }).map((s) => s.join(''));
const toolName = fc.stringMatching(/^[A-Za-z0-9_.-]{1,40}$/);
const quote = fc.constantFrom('"', "'", '`');
const receiver = fc.constantFrom('document.modelContext', 'navigator.modelContext', 'window.navigator.modelContext', 't', 'e?.');

describe('scanner properties', () => {
  it('never throws and never reports a registration without registerTool, provideContext or toolname', () => {
    fc.assert(
      fc.property(
        codeLike.filter((src) => !COUNTING_TOKENS.test(src)),
        (src) => {
          expect(scanScript(src, ORIGIN).filter((e) => e.registers)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary text, and classifies every position asked', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.array(fc.nat(320), { maxLength: 10 }), (src, raw) => {
        const positions = [...raw].sort((a, b) => a - b);
        expect(lexicalStates(src, positions)).toHaveLength(positions.length);
        expect(() => scanScript(src, ORIGIN)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('finds a site-authored tool wherever it is planted in code, and never inside a comment', () => {
    fc.assert(
      fc.property(
        statements,
        statements,
        receiver,
        toolName,
        quote,
        fc.string({ maxLength: 60 }),
        (before, after, recv, name, q, description) => {
          const call = `${recv === 'e?.' ? 'e?.registerTool?.(' : `${recv}.registerTool(`}{name:${q}${name}${q},description:${JSON.stringify(description)},execute(){}},{signal:s})`;
          const found = scanScript(`${before}${call};${after}`, ORIGIN).filter((e) => e.registers);
          expect(found.map((e) => e.toolName)).toEqual([name]);
          const commented = `${before}/* ${call.replaceAll('*/', '* /')} */${after}`;
          expect(scanScript(commented, ORIGIN).filter((e) => e.registers)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('hostile input', () => {
  it('stays bounded: nested calls, thousands of anchors, unclosed templates and regexes', () => {
    const nested = 'document.modelContext;' + 'a.registerTool('.repeat(20_000) + ')'.repeat(20_000);
    expect(scanScript(nested, ORIGIN).filter((e) => e.registers)).toEqual([]);
    const many = 'document.modelContext;' + 'a.registerTool(b);'.repeat(50_000);
    expect(scanScript(many, ORIGIN)).toHaveLength(50);
    const unclosed = 'modelContext;' + '`${'.repeat(20_000) + 'return/' + '['.repeat(20_000);
    expect(scanScript(unclosed, ORIGIN).filter((e) => e.registers)).toEqual([]);
    const longName = 'document.modelContext;' + 'x'.repeat(100_000) + '.registerTool(' + 'y'.repeat(100_000) + ')';
    expect(scanScript(longName, ORIGIN)).toMatchObject([{ kind: 'registerTool-dynamic' }]);
  });
});
