import type { WebmcpEvidence } from '../../types/audit.js';
import { evidence } from '../evidence.js';
import { decodeOriginTrialToken, splitTokens, WEBMCP_TRIAL_FEATURE } from './origin-trial.js';

/**
 * One entry per WebMCP origin-trial token in a header or `<meta http-equiv>` value. The page opts
 * in to the API (Zapier shipped only this), which is not a registration by itself.
 */
export function originTrialEvidence(value: string, label: string, location: WebmcpEvidence['location']): WebmcpEvidence[] {
  const out: WebmcpEvidence[] = [];
  for (const raw of splitTokens(value)) {
    const token = decodeOriginTrialToken(raw);
    if (!token || token.feature !== WEBMCP_TRIAL_FEATURE) continue;
    const expires = new Date(token.expiry * 1000);
    const flags = [token.isThirdParty ? 'third-party' : '', token.isSubdomain ? 'subdomains' : ''].filter(Boolean).join(', ');
    const when = Number.isNaN(expires.getTime()) ? 'unknown expiry' : `expires ${expires.toISOString().slice(0, 10)}`;
    out.push(
      evidence({
        kind: 'origin-trial-token',
        confidence: 'low',
        registers: false,
        location,
        snippet: `${label}: ${raw.slice(0, 16)}… (WebMCP for ${token.origin}${flags ? `, ${flags}` : ''}, ${when})`,
      }),
    );
  }
  return out;
}
