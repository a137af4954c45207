import type { FetchErrorCode, FetchedResource } from '../types/fetcher.js';
import type { ParsedRobots } from './types.js';
import { parseRobotsTxt } from './parse.js';
import { robotsVerdictFor, type RobotsDecision } from './verdict.js';

/**
 * What a crawler makes of the robots.txt response (RFC 9309 section 2.3.1):
 * - `parsed`: 2xx with text, rules apply;
 * - `unavailable`: 4xx, or too many redirects: crawlers may fetch everything;
 * - `unreachable`: 5xx or a network failure: crawlers must assume complete disallow;
 * - `not-text`: 2xx but an HTML page (an SPA fallback) or binary: treated as no robots.txt;
 * - `not-checked`: we could not ask (audit deadline, browser CORS ...), which says nothing about the site.
 */
export type RobotsReading =
  | { kind: 'parsed'; status: number; robots: ParsedRobots; url: string }
  | { kind: 'unavailable'; status: number; url: string; reason: string }
  | { kind: 'unreachable'; status: number; url: string; reason: string }
  | { kind: 'not-text'; status: number; url: string; reason: 'html' | 'binary' }
  | { kind: 'not-checked'; reason: string };

/** Failures on our side of the wire: they tell nothing about the site's robots.txt. */
const NOT_THE_SITE: ReadonlySet<FetchErrorCode> = new Set([
  'deadline',
  'aborted',
  'cross_origin',
  'blocked_address',
  'invalid_url',
  'unsupported_scheme',
]);
/** RFC 9309 section 2.3.1.2: a crawler may treat a robots.txt behind too many redirects as unavailable. */
const REDIRECT_TROUBLE: ReadonlySet<FetchErrorCode> = new Set(['too_many_redirects', 'redirect_loop']);

export function readRobotsTxt(resource: FetchedResource | null): RobotsReading {
  if (!resource) return { kind: 'not-checked', reason: 'robots.txt was not fetched' };
  const url = resource.finalUrl || resource.url;
  const { error, status } = resource;
  if (error) {
    if (NOT_THE_SITE.has(error.code)) return { kind: 'not-checked', reason: error.message };
    if (REDIRECT_TROUBLE.has(error.code)) return { kind: 'unavailable', status, url, reason: error.message };
    return { kind: 'unreachable', status, url, reason: error.message || error.code };
  }
  if (status >= 500 || status === 0) return { kind: 'unreachable', status, url, reason: `HTTP ${status}` };
  if (status < 200 || status >= 300) return { kind: 'unavailable', status, url, reason: `HTTP ${status}` };
  if (resource.binary) return { kind: 'not-text', status, url, reason: 'binary' };
  if (looksLikeHtml(resource.body)) return { kind: 'not-text', status, url, reason: 'html' };
  const robots = parseRobotsTxt(resource.body);
  if (resource.truncated) robots.cut = true;
  return { kind: 'parsed', status, robots, url };
}

/** RFC verdict for one agent and path under whatever the robots.txt response was. */
export function robotsDecision(reading: RobotsReading, agent: string, path: string): RobotsDecision {
  if (reading.kind === 'parsed') return robotsVerdictFor(reading.robots, agent, path);
  return { allowed: reading.kind !== 'unreachable', rule: null, via: null };
}

/** An HTML document where a text file should be: the usual sign of an SPA's catch-all route. */
function looksLikeHtml(body: string): boolean {
  const head = body
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  if (!head.startsWith('<')) return false;
  return /^<(!doctype\s+html|html|head|body|meta|title|script|div)\b/.test(head) || /<(html|head|body)[\s>]/.test(head);
}
