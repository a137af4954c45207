import { inputSchemaProblems } from './input-schema.js';
import { RUNTIME_SCHEMA_MAX } from './runtime-schema.js';
import type { RuntimeWebmcpProbe, RuntimeWebmcpTool, WebmcpEvidence, WebmcpSignal } from '../types/audit.js';
import { evidence } from './evidence.js';

const MAX_RUNTIME_TOOLS = 100;
// A stack line such as `at https://site/app.js:11:56` or `fn@https://site/app.js:11:56`.
const STACK_LOCATION = /(https?:\/\/[^\s()]+?):(\d+):(\d+)/;

/**
 * Folds the extension's runtime probe into a static signal (docs/api-decisions.md#webmcp-signal). Tools seen live
 * raise the status to `detected`, with source `runtime`, or `mixed` when static evidence counts
 * too. No tools, or no API at all, leaves the static result as it was: most browsers do not expose
 * WebMCP, so absence at runtime is never evidence of absence. Pass the static signal; runtime
 * entries already in it are replaced, not duplicated.
 */
export function mergeRuntimeWebmcp(signal: WebmcpSignal, probe: RuntimeWebmcpProbe, pageUrl: string): WebmcpSignal {
  const staticEvidence = signal.evidence.filter((e) => e.kind !== 'runtime-tool');
  const runtimeEvidence = runtimeToolEvidence(probe, pageUrl);
  const trialToken = staticEvidence.some((e) => e.kind === 'origin-trial-token');
  const runtime = probe.apiAvailable ? probe : { ...probe, note: missingApiNote(trialToken) };
  const merged: WebmcpSignal = { ...signal, evidence: [...staticEvidence, ...runtimeEvidence], runtime };
  if (runtimeEvidence.length) {
    merged.status = 'detected';
    merged.source = staticEvidence.some((e) => e.registers) ? 'mixed' : 'runtime';
  }
  return merged;
}

/**
 * What a probe without the API means: Chrome exposes `document.modelContext` only with its WebMCP flag or on an
 * origin that serves an origin-trial token (header or `<meta http-equiv="origin-trial">`), so the missing API is the
 * browser's state, not the site's.
 */
export function missingApiNote(trialToken: boolean): string {
  const where = trialToken
    ? 'The page carries a WebMCP origin-trial token: a Chrome in the trial would expose the API here.'
    : 'Chrome exposes it with its WebMCP flag or on sites that serve an origin-trial token.';
  return `This browser has no WebMCP API (document.modelContext), so the live page could not list its tools; that says nothing about the site. ${where} Declarative forms and the static evidence still count.`;
}

/** One entry per tool seen live, plus declarative forms in the live DOM the tool list lacks. */
export function runtimeToolEvidence(probe: RuntimeWebmcpProbe, pageUrl: string): WebmcpEvidence[] {
  const tools: RuntimeWebmcpTool[] = [...probe.tools];
  const names = new Set(tools.map((t) => t.name));
  for (const name of probe.declarativeForms ?? []) {
    if (!names.has(name)) tools.push({ name, description: '', via: 'declarative' });
    names.add(name);
  }
  return tools.slice(0, MAX_RUNTIME_TOOLS).map((tool) =>
    evidence({
      kind: 'runtime-tool',
      confidence: 'high',
      registers: true,
      location: runtimeLocation(tool, pageUrl),
      snippet: tool.description ? `${tool.name}: ${tool.description}` : tool.name,
      toolName: tool.name,
      description: tool.description || undefined,
      surface: surfaceOf(tool, probe),
      library: tool.via === 'polyfill' || (probe.polyfill && tool.via !== 'declarative') ? 'polyfill' : undefined,
      schemaProblems: runtimeSchemaProblems(tool),
    }),
  );
}

/** The live tool's schema judged like a literal one; undefined when the probe did not carry it whole. */
function runtimeSchemaProblems(tool: RuntimeWebmcpTool): string[] | undefined {
  if (tool.inputSchema === undefined || tool.inputSchema.length >= RUNTIME_SCHEMA_MAX) return undefined;
  try {
    return inputSchemaProblems(JSON.parse(tool.inputSchema));
  } catch {
    return ['inputSchema is not JSON'];
  }
}

function runtimeLocation(tool: RuntimeWebmcpTool, pageUrl: string): WebmcpEvidence['location'] {
  for (const line of tool.stack ?? []) {
    const m = STACK_LOCATION.exec(line);
    if (m) return { type: 'runtime', url: m[1]!, line: Number(m[2]), column: Number(m[3]) };
  }
  return { type: 'runtime', url: pageUrl };
}

function surfaceOf(tool: RuntimeWebmcpTool, probe: RuntimeWebmcpProbe): WebmcpEvidence['surface'] {
  if (tool.via === 'declarative') return 'declarative';
  if (tool.via === 'legacy-testing' || probe.surface === 'navigator-legacy') return 'navigator-legacy';
  return probe.surface === 'document' ? 'document' : 'unknown';
}
