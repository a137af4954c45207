import type { Expression, Node, ObjectExpression, Property, SpreadElement } from 'acorn';
import { inputSchemaProblems } from '../input-schema.js';
import { literalJson, NOT_LITERAL } from './literal-json.js';

/**
 * What a parsed registration argument says. WebMCP's `registerTool(tool, {signal, exposedTo})`
 * takes a descriptor `{name, description, inputSchema?, execute}`; a site-authored one keeps its
 * name as a literal through minification, while polyfills and framework helpers pass values through.
 */
export const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export interface ToolDescriptor {
  name: string;
  /** The description when it is a literal. */
  description?: string;
  hasDescription: boolean;
  /** Has `execute` or `inputSchema`. */
  hasBehaviour: boolean;
  /** The name is one the browser accepts (1–128 of [A-Za-z0-9_.-]). */
  validName: boolean;
  offset: number;
  /** What is wrong with a literal `inputSchema` (empty when sound); absent when there is none or it is computed. */
  schemaProblems?: string[];
}

export type ToolArgument =
  | { shape: 'literal'; tool: ToolDescriptor }
  /** Computed name, spread, or a descriptor held in a variable: decided elsewhere. */
  | { shape: 'dynamic'; offset: number }
  /** MCP SDK `registerTool("name", {…}, cb)` or the websocket widget's `registerTool("name", "desc", …)`. */
  | { shape: 'name-first'; name: string | null; offset: number; secondIsString: boolean }
  | { shape: 'other' };

type Arg = Expression | SpreadElement;

// Keys of an MCP SDK tool config (second argument); WebMCP's options are {signal, exposedTo}.
const SDK_CONFIG_KEYS = new Set(['description', 'inputSchema', 'outputSchema', 'title', 'annotations', 'paramsSchema']);
const PASS_THROUGH = new Set([
  'Identifier',
  'MemberExpression',
  'CallExpression',
  'ChainExpression',
  'ConditionalExpression',
  'LogicalExpression',
  'AwaitExpression',
  'AssignmentExpression',
  'SequenceExpression',
  'NewExpression',
]);

/** Reads the arguments of a `registerTool(…)` call. */
export function classifyRegisterTool(args: readonly Arg[]): ToolArgument {
  const first = args[0];
  if (!first) return { shape: 'other' };
  const literalName = stringValue(first);
  if (literalName !== null) {
    return { shape: 'name-first', name: literalName, offset: first.start, secondIsString: stringValue(args[1]) !== null };
  }
  if (first.type !== 'ObjectExpression' && (args.length >= 3 || isSdkConfig(args[1])))
    return { shape: 'name-first', name: null, offset: first.start, secondIsString: false };
  return classifyTool(first);
}

/** Reads the arguments of a legacy `provideContext({tools: […]})` call: one entry per tool. */
export function classifyProvideContext(args: readonly Arg[]): ToolArgument[] {
  const first = args[0];
  if (!first) return [];
  if (first.type !== 'ObjectExpression') return PASS_THROUGH.has(first.type) ? [{ shape: 'dynamic', offset: first.start }] : [];
  const tools = propertyValue(first, 'tools');
  if (tools === undefined) return hasSpread(first) ? [{ shape: 'dynamic', offset: first.start }] : [];
  if (tools.type !== 'ArrayExpression') return [{ shape: 'dynamic', offset: tools.start }];
  const elements = (tools as Node & { elements: Array<Arg | null> }).elements;
  return elements.flatMap((el) => (el ? [classifyTool(el)] : []));
}

/** One tool value: an object literal descriptor, or something passed through. */
export function classifyTool(node: Arg): ToolArgument {
  if (node.type === 'SpreadElement') return { shape: 'dynamic', offset: node.start };
  if (node.type === 'ObjectExpression') return readDescriptor(node);
  return PASS_THROUGH.has(node.type) ? { shape: 'dynamic', offset: node.start } : { shape: 'other' };
}

/** An object literal as a tool descriptor: literal name, computed name, or not a descriptor at all. */
export function readDescriptor(obj: ObjectExpression): ToolArgument {
  let name: string | null = null;
  let nameComputed = false;
  let spread = false;
  let description: string | undefined;
  let hasDescription = false;
  let hasBehaviour = false;
  let schema: Node | undefined;
  for (const prop of obj.properties) {
    if (prop.type === 'SpreadElement') {
      spread = true;
      continue;
    }
    switch (keyName(prop)) {
      case 'name':
        name = stringValue(prop.value);
        nameComputed = name === null;
        break;
      case 'description':
        hasDescription = true;
        description = stringValue(prop.value) ?? undefined;
        break;
      case 'inputSchema':
        schema = prop.value;
        hasBehaviour = true;
        break;
      case 'execute':
        hasBehaviour = true;
        break;
    }
  }
  if (name !== null) {
    const tool: ToolDescriptor = { name, hasDescription, hasBehaviour, validName: TOOL_NAME.test(name), offset: obj.start };
    if (description !== undefined) tool.description = description;
    const literal = schema ? literalJson(schema) : NOT_LITERAL;
    if (literal !== NOT_LITERAL) tool.schemaProblems = inputSchemaProblems(literal);
    return { shape: 'literal', tool };
  }
  return nameComputed || spread ? { shape: 'dynamic', offset: obj.start } : { shape: 'other' };
}

/** A string literal or a template literal without substitutions. */
export function stringValue(node: Node | undefined | null): string | null {
  if (!node) return null;
  if (node.type === 'Literal') {
    const value = (node as Node & { value?: unknown }).value;
    return typeof value === 'string' ? value : null;
  }
  if (node.type === 'TemplateLiteral') {
    const t = node as Node & { expressions: unknown[]; quasis: Array<{ value: { cooked?: string | null } }> };
    if (t.expressions.length) return null;
    return t.quasis[0]?.value.cooked ?? null;
  }
  return null;
}

function keyName(prop: Property): string | null {
  if (prop.computed) return null;
  if (prop.key.type === 'Identifier') return prop.key.name;
  return stringValue(prop.key);
}

function propertyValue(obj: ObjectExpression, key: string): Expression | undefined {
  for (const prop of obj.properties) if (prop.type === 'Property' && keyName(prop) === key) return prop.value;
  return undefined;
}

function hasSpread(obj: ObjectExpression): boolean {
  return obj.properties.some((p) => p.type === 'SpreadElement');
}

function isSdkConfig(node: Arg | undefined): boolean {
  if (node?.type !== 'ObjectExpression') return false;
  return node.properties.some((p) => p.type === 'Property' && SDK_CONFIG_KEYS.has(keyName(p) ?? ''));
}
