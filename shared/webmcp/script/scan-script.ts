import type { ObjectExpression } from 'acorn';
import type { WebmcpEvidence } from '../../types/audit.js';
import { capEvidence, evidence, type EvidenceInput } from '../evidence.js';
import { LineLocator, snippetAround, type LineColumn } from '../text.js';
import { findCallAnchors, type CallAnchor } from './call-anchors.js';
import { findAngularSignalForms, findDeclarativeInBundle } from './declarative-in-bundle.js';
import { classifyProvideContext, classifyRegisterTool, readDescriptor, type ToolArgument } from './descriptor.js';
import { lexicalStates, type LexicalState } from './lexical-state.js';
import { parseCallArguments, parseExpressionSafely } from './parse-arguments.js';
import { isPassThroughWrapper } from './pass-through-wrapper.js';
import { polyfillFingerprint, type PolyfillFingerprint } from './polyfill-fingerprint.js';
import { surfaceOf, type Surface } from './surface.js';

/** Where a script came from, for evidence locations. */
export interface ScriptOrigin {
  type: 'inline-script' | 'external-script';
  url: string;
  /** Index of the inline `<script>` among all `<script>` elements of the page. */
  scriptIndex?: number;
  /** Line/column of the script's first character in its file (an inline script inside its page). */
  base?: LineColumn;
}

// A finding needs one of these; most scripts stop after these substring searches, which V8 runs
// with Boyer-Moore (an alternation regex of the same words is about ten times slower).
const PREFILTER_TOKENS = [
  'registerTool',
  'provideContext',
  'modelContext',
  'ModelContextOptions',
  'toolname',
  'experimentalWebMcpTool',
  'MCPPolyfill',
  '__webmcp_registered_tools',
  '__isBrowserMcpServer',
];
const WIDGET_CONSTRUCTOR = /\bnew\s+WebMCP\s*\(/;
const API_REFERENCE = /\bmodelContext\b/g;
const IN_OPERATOR = /^["'`]\s*in\b/;
const DESCRIPTOR_LITERAL = /\bname(["']?)\s*:\s*(["'`])[A-Za-z0-9_.-]{1,128}\2\s*,/g;
const MAX_ANCHORS = 2000;
const MAX_DECLARATIVE = 200;
const MAX_API_REFERENCES = 20;
const MAX_CANDIDATES = 20;
const MAX_CANDIDATE_PROBES = 500;
const MAX_EVIDENCE_PER_SCRIPT = 50;
// Characters acorn may read per script, so nested `a.registerTool(b.registerTool(…` stays linear.
const MIN_PARSE_BUDGET = 1_000_000;

/**
 * All WebMCP evidence in one script (docs/research/webmcp.md#the-scan): a cheap prefilter; anchors for
 * `.registerTool(` / `.provideContext(` whose arguments alone are parsed; declarative attributes
 * compiled into the bundle; polyfill fingerprints. Hits inside strings, comments and regex
 * literals are dropped (one lexical pass answers for all of them).
 */
export function scanScript(src: string, origin: ScriptOrigin): WebmcpEvidence[] {
  if (!PREFILTER_TOKENS.some((token) => src.includes(token))) return [];
  return new ScriptScan(src, origin).run();
}

class ScriptScan {
  private readonly found: WebmcpEvidence[] = [];
  private readonly locator: LineLocator;
  private readonly polyfill: PolyfillFingerprint | null;
  private readonly mentionsModelContext: boolean;
  private readonly angular: boolean;
  private readonly widget: boolean;
  private states = new Map<number, LexicalState>();
  private budget: number;

  constructor(
    private readonly src: string,
    private readonly origin: ScriptOrigin,
  ) {
    this.locator = new LineLocator(src, origin.base);
    this.polyfill = polyfillFingerprint(src);
    this.mentionsModelContext = src.includes('modelContext');
    this.angular = src.includes('experimentalWebMcpTool');
    this.widget = WIDGET_CONSTRUCTOR.test(src);
    this.budget = Math.max(MIN_PARSE_BUDGET, src.length * 2);
  }

  run(): WebmcpEvidence[] {
    const src = this.src;
    const anchors = findCallAnchors(src, MAX_ANCHORS);
    const declarative = findDeclarativeInBundle(src, MAX_DECLARATIVE);
    const angular = findAngularSignalForms(src, MAX_DECLARATIVE);
    const references = matchOffsets(API_REFERENCE, src, MAX_API_REFERENCES);
    // Tool candidates only matter for a counted dynamic registration, which needs these two.
    const candidates = this.mentionsModelContext && !this.polyfill ? descriptorLiteralOffsets(src) : [];
    this.classify([
      ...anchors.flatMap((a) => [a.receiverEnd, a.calleeStart]),
      ...declarative.map((d) => d.offset),
      ...angular,
      ...references,
      ...candidates,
    ]);

    for (const anchor of anchors) this.call(anchor);
    for (const hit of declarative) {
      // Compiled templates keep the markup in strings: only comments are out.
      if (this.states.get(hit.offset) === 'comment') continue;
      this.add(hit.offset, {
        kind: 'declarative-attr-in-bundle',
        confidence: 'medium',
        registers: true,
        toolName: hit.name,
        description: hit.description,
        surface: 'declarative',
      });
    }
    for (const offset of angular) if (this.states.get(offset) === 'code') this.angularSignalForm(offset);
    if (this.polyfill) {
      this.add(this.polyfill.offset, { kind: 'polyfill-runtime', confidence: 'low', registers: false, library: this.polyfill.library });
    }
    if (this.found.some((e) => e.kind === 'registerTool-dynamic' && e.registers)) this.toolCandidates(candidates);
    if (!this.found.length) this.apiReference(references);
    const ordered = this.found.sort((a, b) => (a.location.offset ?? 0) - (b.location.offset ?? 0));
    return capEvidence(ordered, MAX_EVIDENCE_PER_SCRIPT);
  }

  /**
   * One `.registerTool(` / `.provideContext(` anchor: only in code, arguments parsed within budget.
   * The dot must be code too: in `// Toolbar buttons.\nregisterTool(…)` it ends a comment.
   */
  private call(anchor: CallAnchor): void {
    if (this.states.get(anchor.calleeStart) !== 'code' || this.states.get(anchor.receiverEnd) !== 'code' || this.budget <= 0) return;
    const parsed = parseCallArguments(this.src, anchor.argStart, anchor.calleeStart);
    this.budget -= parsed.cost;
    if (!parsed.args) return;
    const args = parsed.args;
    // Only a pass-through call can be a wrapper's: asked lazily, for dynamic arguments.
    const wrapper = () => isPassThroughWrapper(this.src, anchor.method, anchor.receiverEnd, args);
    if (anchor.method === 'registerTool') this.registerTool(anchor, classifyRegisterTool(parsed.args), wrapper);
    else for (const tool of classifyProvideContext(parsed.args)) this.provideContext(anchor, tool, wrapper);
  }

  /** Feature detection or consumer code: worth a low note when the script shows nothing else. */
  private apiReference(offsets: number[]): void {
    const reference =
      offsets.find((o) => this.states.get(o) === 'code') ??
      // `'modelContext' in navigator` names it in a string.
      offsets.find((o) => this.states.get(o) === 'string' && IN_OPERATOR.test(this.src.slice(o + 12, o + 20)));
    if (reference !== undefined) this.add(reference, { kind: 'api-reference', confidence: 'low', registers: false });
  }

  /** `wrapper`: the call passes the parameters of an enclosing `registerTool` definition on (a polyfill). */
  private registerTool(anchor: CallAnchor, arg: ToolArgument, wrapper: () => boolean): void {
    const surface = surfaceOf(this.src, anchor.receiverEnd);
    switch (arg.shape) {
      case 'literal':
        return this.literalTool(anchor.index, arg, 'imperative-registerTool', surface);
      case 'dynamic':
        return wrapper() ? undefined : this.dynamicTool(anchor.index, surface);
      case 'name-first':
        // MCP SDK `server.registerTool("name", {…}, cb)` or the websocket widget: other protocols.
        if (arg.name === null) return;
        return this.add(anchor.index, {
          kind: this.widget || arg.secondIsString ? 'webmcp-widget' : 'mcp-sdk-style',
          confidence: 'low',
          registers: false,
          toolName: arg.name,
        });
    }
  }

  private provideContext(anchor: CallAnchor, tool: ToolArgument, wrapper: () => boolean): void {
    // provideContext only ever lived on navigator.modelContext and window.agent.
    const seen = surfaceOf(this.src, anchor.receiverEnd);
    const surface: Surface = seen === 'unknown' ? 'navigator-legacy' : seen;
    if (tool.shape === 'literal') this.literalTool(tool.tool.offset, tool, 'legacy-provideContext', surface);
    else if (tool.shape === 'dynamic' && !wrapper()) this.dynamicTool(tool.offset, surface);
  }

  /** A descriptor with a literal name counts when the browser would accept it. */
  private literalTool(
    offset: number,
    arg: Extract<ToolArgument, { shape: 'literal' }>,
    kind: WebmcpEvidence['kind'],
    surface: Surface,
  ): void {
    const t = arg.tool;
    const complete = t.validName && t.hasDescription && t.hasBehaviour;
    // An incomplete literal is only worth a note where the script talks to WebMCP at all.
    if (!complete && !this.mentionsModelContext) return;
    this.add(offset, {
      kind,
      confidence: complete ? 'high' : 'low',
      registers: complete,
      toolName: t.name,
      description: t.description,
      surface,
      schemaProblems: t.schemaProblems,
    });
  }

  /**
   * A computed or passed-through descriptor (framework helpers, Cloudflare's registerWebMcp)
   * counts when the script names modelContext and is not a polyfill, whose plumbing looks alike.
   */
  private dynamicTool(offset: number, surface: Surface): void {
    if (!this.mentionsModelContext || this.polyfill) return;
    this.add(offset, { kind: 'registerTool-dynamic', confidence: 'medium', registers: true, surface, library: this.library() });
  }

  private angularSignalForm(offset: number): void {
    let toolName: string | undefined;
    let description: string | undefined;
    const obj = this.objectAt(offset);
    if (obj) {
      const read = readDescriptor(obj);
      if (read.shape === 'literal') ({ name: toolName, description } = read.tool);
    }
    this.add(offset, { kind: 'angular-signal-form', confidence: 'medium', registers: true, toolName, description, library: 'angular' });
  }

  /** Descriptor literals elsewhere in a bundle with a dynamic registration: the likely tool names. */
  private toolCandidates(offsets: number[]): void {
    const named = new Set(this.found.map((e) => e.toolName));
    let added = 0;
    for (const offset of offsets) {
      if (added >= MAX_CANDIDATES || this.budget <= 0) break;
      if (this.states.get(offset) !== 'code') continue;
      const obj = this.objectAt(offset);
      const read = obj && readDescriptor(obj);
      if (read?.shape !== 'literal') continue;
      const t = read.tool;
      if (!t.validName || !t.hasDescription || !t.hasBehaviour || named.has(t.name)) continue;
      named.add(t.name);
      added++;
      this.add(offset, {
        kind: 'registerTool-dynamic',
        confidence: 'low',
        registers: false,
        toolName: t.name,
        description: t.description,
        library: this.library(),
      });
    }
  }

  private classify(positions: number[]): void {
    const sorted = [...new Set(positions)].sort((a, b) => a - b);
    const states = lexicalStates(this.src, sorted);
    this.states = new Map(sorted.map((p, i) => [p, states[i]!]));
  }

  /** Angular's helpers are the one pass-through library whose bundle names itself. */
  private library(): string | undefined {
    return this.angular ? 'angular' : undefined;
  }

  /** The object literal at `offset`, within the parse budget. */
  private objectAt(offset: number): ObjectExpression | null {
    if (this.budget <= 0) return null;
    const { expr, cost } = parseExpressionSafely(this.src, offset);
    this.budget -= cost;
    return expr?.type === 'ObjectExpression' ? expr : null;
  }

  private add(offset: number, e: Omit<EvidenceInput, 'location' | 'snippet'>): void {
    const { line, column } = this.locator.at(offset);
    const { type, url, scriptIndex } = this.origin;
    const location: WebmcpEvidence['location'] =
      scriptIndex === undefined ? { type, url, offset, line, column } : { type, url, scriptIndex, offset, line, column };
    this.found.push(evidence({ ...e, location, snippet: snippetAround(this.src, offset) }));
  }
}

function matchOffsets(re: RegExp, src: string, max: number): number[] {
  const out: number[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(src); m && out.length < max; m = re.exec(src)) out.push(m.index);
  return out;
}

/** Offsets of `{` opening an object literal that starts with a literal `name:` and goes on. */
function descriptorLiteralOffsets(src: string): number[] {
  const out: number[] = [];
  DESCRIPTOR_LITERAL.lastIndex = 0;
  for (let m = DESCRIPTOR_LITERAL.exec(src); m && out.length < MAX_CANDIDATE_PROBES; m = DESCRIPTOR_LITERAL.exec(src)) {
    let k = m.index - 1;
    if (m[1]) {
      if (src[k] !== m[1]) continue;
      k--;
    }
    while (k >= 0 && /\s/.test(src[k]!)) k--;
    if (src[k] === '{') out.push(k);
  }
  return out;
}
