import type { Node } from 'acorn';

export const NOT_LITERAL: unique symbol = Symbol('not-literal');
type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Nesting read at most: a schema deeper than this is left unjudged rather than walked without end. */
const MAX_DEPTH = 32;

/**
 * The JSON value a literal expression spells (`{type: "object", properties: {q: {type: "string"}}}`), or NOT_LITERAL
 * when any part is computed (a variable, a call such as zodToJsonSchema(...), a spread): those schemas are built at
 * run time and only the live page (the extension's probe) can show them.
 */
export function literalJson(node: Node, depth = 0): JsonValue | typeof NOT_LITERAL {
  if (depth > MAX_DEPTH) return NOT_LITERAL;
  const n = node as Node & Record<string, unknown>;
  switch (node.type) {
    case 'Literal': {
      const value = n.value;
      if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
      if (typeof value === 'number') return Number.isFinite(value) ? value : NOT_LITERAL;
      return NOT_LITERAL; // regex and bigint literals are not JSON
    }
    case 'TemplateLiteral': {
      const t = n as unknown as { expressions: unknown[]; quasis: Array<{ value: { cooked?: string | null } }> };
      return t.expressions.length ? NOT_LITERAL : (t.quasis[0]?.value.cooked ?? NOT_LITERAL);
    }
    case 'UnaryExpression': {
      const u = n as unknown as { operator: string; argument: Node };
      const inner = literalJson(u.argument, depth + 1);
      if (typeof inner !== 'number') return NOT_LITERAL;
      return u.operator === '-' ? -inner : u.operator === '+' ? inner : NOT_LITERAL;
    }
    case 'ArrayExpression': {
      const out: JsonValue[] = [];
      for (const el of (n as unknown as { elements: Array<Node | null> }).elements) {
        if (!el || el.type === 'SpreadElement') return NOT_LITERAL;
        const v = literalJson(el, depth + 1);
        if (v === NOT_LITERAL) return NOT_LITERAL;
        out.push(v);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: { [key: string]: JsonValue } = {};
      for (const prop of (n as unknown as { properties: Array<Node & Record<string, unknown>> }).properties) {
        if (prop.type !== 'Property' || prop.computed || prop.kind !== 'init' || prop.method) return NOT_LITERAL;
        const key = prop.key as Node & { name?: string; value?: unknown };
        const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? String(key.value) : undefined;
        if (name === undefined) return NOT_LITERAL;
        const v = literalJson(prop.value as Node, depth + 1);
        if (v === NOT_LITERAL) return NOT_LITERAL;
        out[name] = v;
      }
      return out;
    }
    default:
      return NOT_LITERAL;
  }
}
