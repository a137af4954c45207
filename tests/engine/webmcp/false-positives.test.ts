import { describe, expect, it } from 'vitest';
import { JudgeContext } from '../../../shared/judge/context.js';
import { webmcpSignal } from '../../../shared/webmcp/signal.js';
import { scanScript, type ScriptOrigin } from '../../../shared/webmcp/script/scan-script.js';
import type { WebmcpEvidence } from '../../../shared/types/index.js';
import { snapshot } from '../../helpers/snapshot.js';
import { fetchedScript, page } from './fixtures/pages.js';

/** Registrations that are not. */
const BUNDLE: ScriptOrigin = { type: 'external-script', url: 'https://shop.example/assets/index-3f2a.js' };
const counting = (src: string): WebmcpEvidence[] => scanScript(src, BUNDLE).filter((e) => e.registers);
const TOOL = '{name: "bold", description: "Make the selection bold", execute() { return toggle("b"); }}';

describe('a full stop that ends a comment or a string is not a method-call dot', () => {
  it.each([
    ['line comment', `// Toolbar buttons.\nregisterTool(${TOOL});`],
    ['line comment, CRLF and indentation', `  // Toolbar buttons.\r\n  registerTool(${TOOL});`],
    ['block comment', `/* Toolbar buttons. */ registerTool(${TOOL});`],
    ['JSDoc block', `/**\n * Registers the toolbar buttons.\n */\nregisterTool(${TOOL});`],
    [
      'comment then a helper with modelContext nowhere',
      `function registerTool(t) { buttons.push(t); }\n// Toolbar buttons.\nregisterTool(${TOOL});`,
    ],
  ])('%s: no registration', (_name, src) => {
    expect(counting(src)).toEqual([]);
  });

  it('a real method call across a comment still counts', () => {
    const src = `document.modelContext // the API\n  .registerTool(${TOOL});`;
    expect(counting(src).map((e) => [e.kind, e.toolName])).toEqual([['imperative-registerTool', 'bold']]);
  });

  it('the page: a local helper after a comment is not_found', () => {
    const html = page(
      '',
      `<script>const buttons = [];\nfunction registerTool(t) { buttons.push(t); }\n// Toolbar buttons.\nregisterTool(${TOOL});\n</script>`,
    );
    expect(webmcpSignal(new JudgeContext(snapshot(html))).status).toBe('not_found');
  });
});

describe('a polyfill that passes calls through is not a registration, whatever its spelling', () => {
  it.each([
    [
      'class method, optional chaining',
      'class ModelContextShim { registerTool(tool) { return navigator.modelContext?.registerTool(tool); } }',
    ],
    [
      'class method with options',
      'class Shim { async registerTool(tool, options) { const mc = document.modelContext; return mc.registerTool(tool, options); } }',
    ],
    [
      'minified class method',
      'class a{registerTool(e,t){return navigator.modelContext?.registerTool?.(e,t)}provideContext(e){return navigator.modelContext.provideContext(e)}}',
    ],
    ['object method', 'const api = { registerTool(t) { return window.navigator.modelContext.registerTool(t); } };'],
    ['object property function', 'const api = { registerTool: function (t) { return document.modelContext.registerTool(t); } };'],
    ['arrow property', 'window.agentTools = { registerTool: (t) => navigator.modelContext.registerTool(t) };'],
    ['class field arrow, no parentheses', 'class Bridge { registerTool = t => document.modelContext.registerTool(t) }'],
    [
      'prototype assignment',
      'Shim.prototype.registerTool = function (tool) { return navigator.modelContext.registerTool({ ...tool, execute: wrap(tool.execute) }); };',
    ],
    [
      'function declaration',
      'export function registerTool(tool, opts) {\n  if (!document.modelContext) return;\n  return document.modelContext.registerTool(tool, opts);\n}',
    ],
    ['legacy provideContext', 'class Legacy { provideContext(context) { return navigator.modelContext.provideContext(context); } }'],
  ])('%s: nothing counts', (_name, src) => {
    expect(counting(src)).toEqual([]);
  });

  it('the page: a pass-through polyfill alone is not_found', () => {
    const src =
      'class ModelContextShim { registerTool(tool) { return navigator.modelContext?.registerTool(tool); } }\nwindow.shim = new ModelContextShim();';
    const html = page('<script src="/assets/shim.js"></script>', '');
    const s = webmcpSignal(new JudgeContext(snapshot(html, { scripts: [fetchedScript('https://example.com/assets/shim.js', src)] })));
    expect(s.status).toBe('not_found');
    expect(s.evidence.filter((e) => e.registers)).toEqual([]);
  });

  it('registrations stay counted: a helper of another name (Cloudflare registerWebMcp), and a tool registered after the wrapper closed', () => {
    expect(counting('function registerWebMcp(tool) { navigator.modelContext.registerTool(tool); }').map((e) => e.kind)).toEqual([
      'registerTool-dynamic',
    ]);
    const after = `class S { registerTool(t) { return navigator.modelContext.registerTool(t); } }\nfor (const t of tools) navigator.modelContext.registerTool(t);`;
    expect(counting(after).map((e) => e.kind)).toEqual(['registerTool-dynamic']);
    const literal = `class S { registerTool(t) { return navigator.modelContext.registerTool(t); } }\ndocument.modelContext.registerTool(${TOOL});`;
    expect(counting(literal).map((e) => [e.kind, e.toolName])).toEqual([['imperative-registerTool', 'bold']]);
  });

  it('a wrapper that registers a literal tool of its own still counts it', () => {
    const src = `function registerTool(extra) { document.modelContext.registerTool(${TOOL}); }`;
    expect(counting(src).map((e) => e.toolName)).toEqual(['bold']);
  });
});
