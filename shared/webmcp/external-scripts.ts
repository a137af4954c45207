import type { WebmcpEvidence } from '../types/audit.js';
import type { GatheredScript } from '../types/snapshot.js';
import { scanBody } from './coverage.js';
import { evidence } from './evidence.js';
import { scanScript } from './script/scan-script.js';
import { scriptSrcFingerprint } from './src-fingerprint.js';

/**
 * Every referenced script: its URL is fingerprinted even when it was skipped (a cross-origin
 * `@mcp-b/global` still says the page loads a runtime), and its body is scanned when we hold it.
 */
export function externalScriptEvidence(scripts: readonly GatheredScript[]): WebmcpEvidence[] {
  const out: WebmcpEvidence[] = [];
  for (const script of scripts) {
    const fingerprint = scriptSrcFingerprint(script.url);
    if (fingerprint) {
      out.push(
        evidence({
          kind: 'script-src-fingerprint',
          confidence: 'low',
          registers: false,
          location: { type: 'external-script', url: script.url },
          snippet: script.skipped ? `<script src="${script.url}"> (not scanned: ${script.skipped})` : `<script src="${script.url}">`,
          library: fingerprint.library,
        }),
      );
    }
    const body = scanBody(script);
    if (body) out.push(...scanScript(body, { type: 'external-script', url: script.url }));
  }
  return out;
}
