import { parseExpressionAt, type Expression, type Node, type SpreadElement } from 'acorn';

/**
 * Parses only a call's argument list: a full parse of a 3 MB bundle costs ~700 ms and >100 MB of
 * heap, one argument list a fraction of a millisecond. Options are permissive because the
 * surrounding context (async function, class body, module) is unknown.
 */
export interface ParsedArguments {
  /** The arguments, or null when they do not parse as a call's argument list. */
  args: Array<Expression | SpreadElement> | null;
  /** Characters the parser read, success or not (the caller keeps a budget against quadratic inputs). */
  cost: number;
}

const OPTIONS = {
  ecmaVersion: 'latest',
  sourceType: 'script',
  allowAwaitOutsideFunction: true,
  allowReturnOutsideFunction: true,
  allowSuperOutsideMethod: true,
  allowReserved: true,
  checkPrivateFields: false,
} as const;

/**
 * The arguments of the call whose `(` ends just before `argStart`; null args when they do not parse
 * (a hit inside a string or comment, `registerTool()` with no argument, deep nesting).
 * First the argument list alone, as an expression; when that fails (a trailing comma or a spread,
 * which are not expressions) the whole call from `calleeStart`, where the parser knows the syntax.
 */
export function parseCallArguments(src: string, argStart: number, calleeStart: number): ParsedArguments {
  const alone = parseExpressionSafely(src, argStart);
  if (alone.expr && closesCall(src, alone.expr.end)) {
    const expr = alone.expr;
    return { args: expr.type === 'SequenceExpression' ? expr.expressions : [expr], cost: alone.cost };
  }
  const whole = parseExpressionSafely(src, calleeStart);
  const call = whole.expr && leftmostCall(whole.expr, calleeStart);
  const cost = alone.cost + whole.cost;
  return { args: call && call.arguments.length ? call.arguments : null, cost };
}

/** One expression from `at`, never throwing; `cost` is how far the parser read. */
export function parseExpressionSafely(src: string, at: number): { expr: Expression | null; cost: number } {
  try {
    const expr = parseExpressionAt(src, at, OPTIONS);
    return { expr, cost: expr.end - at };
  } catch (err) {
    // SyntaxError for non-code, RangeError for pathological nesting: either way, not a call we can read.
    const raisedAt = (err as { raisedAt?: unknown }).raisedAt;
    return { expr: null, cost: typeof raisedAt === 'number' ? Math.max(1, raisedAt - at) : src.length - at };
  }
}

function closesCall(src: string, k: number): boolean {
  while (k < src.length && /\s/.test(src[k]!)) k++;
  return src[k] === ')';
}

interface CallNode extends Node {
  type: 'CallExpression';
  arguments: Array<Expression | SpreadElement>;
  callee: Node;
}

/**
 * The call `registerTool(…)` itself inside what the parser read from the method name on, such as
 * `registerTool(a).then(b), g()`: the leftmost descendant whose callee is the bare name (or the
 * `["registerTool"]` bracket that stands for it).
 */
function leftmostCall(node: Node, start: number): CallNode | null {
  for (let current: Node | undefined = node; current && current.start === start; current = leftChild(current)) {
    if (current.type !== 'CallExpression') continue;
    const call = current as CallNode;
    if (call.callee.type === 'Identifier' || call.callee.type === 'ArrayExpression') return call;
  }
  return null;
}

function leftChild(node: Node): Node | undefined {
  const n = node as unknown as Record<string, unknown>;
  for (const key of ['expressions', 'left', 'test', 'callee', 'object', 'expression', 'tag']) {
    const child = n[key];
    const first = Array.isArray(child) ? child[0] : child;
    if (first && typeof first === 'object' && 'type' in first) return first as Node;
  }
  return undefined;
}
