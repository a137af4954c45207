import type { WebmcpEvidence } from '../types/audit.js';
import { clip, DESCRIPTION_MAX, SNIPPET_MAX } from './text.js';

/**
 * Builds evidence entries with a fixed member order and no undefined members (stable JSON).
 * `registers` is always set. Confidence: registrations are `high` (literal descriptor, declarative
 * form, runtime tool) or `medium` (dynamic, compiled declarative, Angular); every entry that does
 * not count is `low` (hints, in docs/research/webmcp.md#signals).
 */
export interface EvidenceInput {
  kind: WebmcpEvidence['kind'];
  confidence: WebmcpEvidence['confidence'];
  location: WebmcpEvidence['location'];
  snippet: string;
  registers: boolean;
  toolName?: string | undefined;
  description?: string | undefined;
  surface?: WebmcpEvidence['surface'] | undefined;
  library?: string | undefined;
  schemaProblems?: string[] | undefined;
}

export function evidence(input: EvidenceInput): WebmcpEvidence {
  const e: WebmcpEvidence = {
    kind: input.kind,
    confidence: input.confidence,
    location: input.location,
    snippet: clip(input.snippet, SNIPPET_MAX),
  };
  if (input.toolName !== undefined) e.toolName = input.toolName.slice(0, 128);
  // Descriptions are page-controlled text (possibly prompt injection): cut short; renderers escape.
  if (input.description !== undefined) e.description = clip(input.description, DESCRIPTION_MAX);
  if (input.surface !== undefined) e.surface = input.surface;
  if (input.library !== undefined) e.library = input.library;
  if (input.schemaProblems !== undefined) e.schemaProblems = input.schemaProblems.map((p) => clip(p, DESCRIPTION_MAX * 2));
  e.registers = input.registers;
  return e;
}

/**
 * Keeps at most `max` entries, registrations first (they decide the status), then restores
 * source order: a bundle with hundreds of hits must not bloat the audit.
 */
export function capEvidence(list: WebmcpEvidence[], max: number): WebmcpEvidence[] {
  if (list.length <= max) return list;
  const keep = new Set([...list.filter((e) => e.registers), ...list.filter((e) => !e.registers)].slice(0, max));
  return list.filter((e) => keep.has(e));
}
