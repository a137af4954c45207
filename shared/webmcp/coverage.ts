import type { GatheredScript } from '../types/snapshot.js';

/**
 * Which external scripts were read, and how much of them.
 * - `scanBody`: the text the detector reads. Every 2xx JavaScript body we hold, including one cut
 *   at a byte cap (`too_large`, `cap_bytes`): its first megabytes can still hold a registration.
 * - `fullyScanned`: fetched, 2xx, not binary, not HTML, and not cut. `bundlesScanned` counts these
 *   only, so `bundlesScanned < bundlesTotal` exactly when some referenced script was not read in
 *   full, which is the coverage condition for `inconclusive`.
 */
const READABLE_SKIPS = new Set<GatheredScript['skipped']>([undefined, 'too_large', 'cap_bytes']);

export function scanBody(script: GatheredScript): string | null {
  const res = script.resource;
  if (!res || res.error || res.binary || res.status < 200 || res.status >= 300) return null;
  if (!READABLE_SKIPS.has(script.skipped)) return null;
  return res.body;
}

export function fullyScanned(script: GatheredScript): boolean {
  return !script.skipped && !script.resource?.truncated && scanBody(script) !== null;
}

export interface ScriptCoverage {
  bundlesScanned: number;
  bundlesTotal: number;
}

export function scriptCoverage(scripts: readonly GatheredScript[]): ScriptCoverage {
  return { bundlesScanned: scripts.filter(fullyScanned).length, bundlesTotal: scripts.length };
}
