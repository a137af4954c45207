import type { Expression, SpreadElement } from 'acorn';
import type { AnchorMethod } from './call-anchors.js';

/**
 * A call that sits inside a definition of the API's own method and hands that definition's
 * parameters on: `registerTool(tool) { return navigator.modelContext?.registerTool(tool); }`, in a
 * class, an object, a prototype assignment, an arrow or a function declaration. That is a polyfill
 * or shim re-exposing the API, not a site registering a tool, whatever the wrapper is called or
 * however it is minified. Read from the text just before the call (a bounded window), not a parse.
 */
const WINDOW = 600;
const IDENT = '[A-Za-z_$][\\w$]*';
// `registerTool(a, b) {`, `registerTool = function (a) {`, `registerTool: async (a) =>`, `registerTool = a =>` ...
const DEFINITION = (method: AnchorMethod) =>
  new RegExp(
    `(?:^|[^\\w$])(?:function\\s*\\*?\\s*)?${method}\\s*` +
      `(?:[:=]\\s*(?:async\\s+)?(?:function\\b\\s*\\*?\\s*(?:${IDENT})?\\s*)?)?` +
      `(?:\\(([^()]{0,200})\\)|(${IDENT}))\\s*(=>\\s*)?(\\{)?`,
    'g',
  );
const DEFINITIONS: Record<AnchorMethod, RegExp> = {
  registerTool: DEFINITION('registerTool'),
  provideContext: DEFINITION('provideContext'),
};

export function isPassThroughWrapper(
  src: string,
  method: AnchorMethod,
  receiverEnd: number,
  args: ReadonlyArray<Expression | SpreadElement>,
): boolean {
  const first = args[0];
  if (!first) return false;
  const from = Math.max(0, receiverEnd - WINDOW);
  const before = src.slice(from, receiverEnd);
  const definition = lastOpenDefinition(before, DEFINITIONS[method]);
  if (!definition) return false;
  const argText = src.slice(first.start, Math.min(first.end, first.start + 400));
  // The parameter itself, spread, or a member of it (`{...tool, execute: wrap(tool.execute)}`), not `x.tool`.
  return definition.params.some((p) => new RegExp(`(?:^|[^\\w$.]|\\.\\.\\.)${p.replace(/\$/g, '\\$')}(?![\\w$])`).test(argText));
}

interface OpenDefinition {
  params: string[];
}

/** The last definition header in `text` whose body is still open where `text` ends. */
function lastOpenDefinition(text: string, re: RegExp): OpenDefinition | null {
  let found: OpenDefinition | null = null;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [whole, list, single, arrow, brace] = m;
    // A definition needs a body: a `{` or an arrow. A bare `registerTool(x)` is a call.
    if (!brace && !arrow) continue;
    const params = (single !== undefined ? [single] : (list ?? '').split(',')).map(paramName).filter((p): p is string => p !== null);
    const end = m.index + whole.length;
    if (params.length && stillOpen(text, end, brace !== undefined)) found = { params };
  }
  return found;
}

/** `tool`, `tool = {}`, `...rest` → the bound name; destructuring patterns bind no single name. */
function paramName(raw: string): string | null {
  const m = new RegExp(`^\\s*(?:\\.\\.\\.)?(${IDENT})`).exec(raw);
  return m ? m[1]! : null;
}

/** True when the body that starts at `start` has not closed by the end of `text`. */
function stillOpen(text: string, start: number, braced: boolean): boolean {
  let depth = braced ? 1 : 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth < (braced ? 1 : 0)) return false;
    } else if (!braced && depth === 0 && (c === ';' || c === ',' || c === '\n')) {
      // An arrow's expression body ends at the statement or property end.
      return false;
    }
  }
  return true;
}
