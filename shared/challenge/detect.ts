import type { FetchedResource } from '../types/fetcher.js';
import { CHALLENGE_SIGNATURES, type ChallengeSignature, type ChallengeVendor } from './signatures.js';

export interface ChallengeMatch {
  vendor: ChallengeVendor;
  /** Which signature fired, for the issue text. */
  evidence: string;
  status: number;
}

/** Statuses challenge and block pages are served with. */
export const BLOCK_STATUSES: ReadonlySet<number> = new Set([403, 429, 503]);
/** Challenge pages are small; a strong marker deep inside a long 200 page is more likely prose about it. */
const SMALL_PAGE_CHARS = 64 * 1024;
/** Markers sit near the top of a challenge page; scanning further only costs time. */
const SCAN_CHARS = 256 * 1024;

/**
 * Every body marker in one case-insensitive pattern: a page that matches none of them (nearly every page) is
 * scanned once instead of once per marker. Case-insensitive is looser than some markers, so it only filters.
 */
const ANY_BODY_MARKER = new RegExp(CHALLENGE_SIGNATURES.flatMap((sig) => ('body' in sig ? [`(?:${sig.body.source})`] : [])).join('|'), 'i');

/** Answers by response: the page is asked about by several rules, and its probes often carry the same body. */
const detected = new WeakMap<FetchedResource, ChallengeMatch | null>();

/**
 * Is this response a bot challenge or WAF block page? A strong header marker always is; a strong
 * body marker is when the page is small or has a block status; a weak marker only with a block status.
 */
export function detectChallenge(res: FetchedResource | null): ChallengeMatch | null {
  if (!res || res.error) return null;
  let found = detected.get(res);
  if (found === undefined) detected.set(res, (found = detect(res)));
  return found;
}

function detect(res: FetchedResource): ChallengeMatch | null {
  const blockStatus = BLOCK_STATUSES.has(res.status);
  // A body marker counts only on a small page or with a block status: on a long 200 page, skip the scan.
  const bodyCounts = blockStatus || res.body.length <= SMALL_PAGE_CHARS;
  const scanned = bodyCounts ? res.body.slice(0, SCAN_CHARS) : '';
  const body = scanned && ANY_BODY_MARKER.test(scanned) ? scanned : '';
  let weak: ChallengeSignature | null = null;
  for (const sig of CHALLENGE_SIGNATURES) {
    if (sig.strength === 'presence') continue;
    if (!('header' in sig) && !body) continue;
    if (!matches(sig, res, body)) continue;
    if (sig.strength === 'strong') return matchOf(sig, res);
    if (sig.strength === 'weak' && !weak) weak = sig;
  }
  return weak && blockStatus ? matchOf(weak, res) : null;
}

/** The bot-protection vendor fronting this response, if any marker names one (for issue texts). */
export function protectionVendor(res: FetchedResource | null): ChallengeVendor | null {
  if (!res || res.error) return null;
  const body = res.body.slice(0, SCAN_CHARS);
  return CHALLENGE_SIGNATURES.find((sig) => matches(sig, res, body))?.vendor ?? null;
}

function matches(sig: ChallengeSignature, res: FetchedResource, body: string): boolean {
  if ('header' in sig) {
    const value = res.headers[sig.header];
    return value !== undefined && sig.value.test(value);
  }
  return sig.body.test(body);
}

function matchOf(sig: ChallengeSignature, res: FetchedResource): ChallengeMatch {
  return { vendor: sig.vendor, evidence: sig.label, status: res.status };
}
