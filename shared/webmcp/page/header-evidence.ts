import type { WebmcpEvidence } from '../../types/audit.js';
import { evidence } from '../evidence.js';
import { originTrialEvidence } from './origin-trial-evidence.js';

/**
 * WebMCP facts in the page's response headers (docs/research/webmcp.md#inputs): an `Origin-Trial` token for the
 * WebMCP feature, `Permissions-Policy: tools=()` (registerTool would reject with NotAllowedError),
 * and cf-webmcp's `Link: <…>; rel="webmcp"` discovery. None of them is a registration.
 */
export function headerEvidence(headers: Record<string, string>, pageUrl: string): WebmcpEvidence[] {
  const out: WebmcpEvidence[] = [];
  const location = { type: 'header' as const, url: pageUrl };
  const trial = headers['origin-trial'];
  if (trial) out.push(...originTrialEvidence(trial, 'Origin-Trial', location));

  const policy = headers['permissions-policy'];
  if (policy && disablesTools(policy)) {
    out.push(
      evidence({
        kind: 'permissions-policy-disabled',
        confidence: 'low',
        registers: false,
        location,
        snippet: `Permissions-Policy: ${policy}`,
      }),
    );
  }

  const link = headers['link'];
  if (link) {
    for (const value of splitLinkHeader(link)) {
      if (!/;\s*rel\s*=\s*"?[^";]*\bwebmcp\b/i.test(value)) continue;
      out.push(
        evidence({
          kind: 'polyfill-runtime',
          confidence: 'low',
          registers: false,
          location,
          snippet: `Link: ${value.trim()}`,
          library: 'cf-webmcp',
        }),
      );
    }
  }
  return out;
}

/**
 * The WebMCP feature allowed to no origin at all (`tools=()` in the structured-field dictionary). The W3C draft
 * names the feature `tools` (index.bs, June 2026); Chrome's later builds and Lighthouse call it `model-context`:
 * either name counts.
 */
export function disablesTools(policy: string): boolean {
  return disabledWebmcpFeature(policy) !== null;
}

/** The WebMCP feature name a Permissions-Policy disables (`tools` or `model-context`), or null. */
export function disabledWebmcpFeature(policy: string): string | null {
  return /(?:^|,)\s*(tools|model-context)\s*=\s*\(\s*\)/i.exec(policy)?.[1]?.toLowerCase() ?? null;
}

function splitLinkHeader(value: string): string[] {
  // Commas also separate link-values; URLs in <…> rarely contain one.
  return value.split(/,(?=\s*<)/);
}
