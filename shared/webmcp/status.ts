import type { WebmcpEvidence, WebmcpSource, WebmcpStatus } from '../types/audit.js';

/**
 * Evidence that tools probably exist in code we did not read: a WebMCP runtime (polyfill bundle,
 * runtime script URL, cf-webmcp link) or an origin-trial opt-in, with no registration found.
 * Tools then usually live in lazy chunks or third-party code, so "not found" would overstate what
 * the scan knows. Product decision (docs/research/webmcp.md#status-and-coverage), beyond the contract's coverage rule.
 */
const HINTS_OF_UNSEEN_TOOLS = new Set<WebmcpEvidence['kind']>(['polyfill-runtime', 'script-src-fingerprint', 'origin-trial-token']);

/**
 * docs/api-decisions.md#webmcp-signal: `detected` with at least one counting entry; otherwise `inconclusive` when
 * the scan was incomplete (a referenced script skipped or cut, or the page itself not readable)
 * or a hint of unseen tools stands; otherwise `not_found`.
 */
export function decideStatus(evidence: readonly WebmcpEvidence[], scanComplete: boolean): WebmcpStatus {
  if (evidence.some((e) => e.registers)) return 'detected';
  if (!scanComplete || evidence.some((e) => HINTS_OF_UNSEEN_TOOLS.has(e.kind))) return 'inconclusive';
  return 'not_found';
}

/**
 * Where the evidence came from (the spec's definition): `none` exactly when `evidence` is empty.
 * When some entries decided the status (the counting ones when detected, the hints when
 * inconclusive), their places name it, so a low note elsewhere does not blur a detection; otherwise
 * every listed entry's place does (feature detection, consumer code, MCP SDK calls). Several: `mixed`.
 */
export function decideSource(status: WebmcpStatus, evidence: readonly WebmcpEvidence[]): WebmcpSource {
  const deciding =
    status === 'detected'
      ? evidence.filter((e) => e.registers)
      : status === 'inconclusive'
        ? evidence.filter((e) => HINTS_OF_UNSEEN_TOOLS.has(e.kind))
        : [];
  const named = deciding.length ? deciding : evidence;
  const sources = new Set(named.map((e) => SOURCE_OF[e.location.type]));
  if (sources.size === 0) return 'none';
  return sources.size === 1 ? [...sources][0]! : 'mixed';
}

const SOURCE_OF: Record<WebmcpEvidence['location']['type'], WebmcpSource> = {
  html: 'html',
  'inline-script': 'inline_script',
  'external-script': 'external_script',
  header: 'header',
  runtime: 'runtime',
};
