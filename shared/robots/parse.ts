import type { ParsedRobots, RobotsExtension, RobotsGroup, RobotsProblem } from './types.js';
import { ROBOTS_MAX_PROBLEMS } from './limits.js';
import { cutToParseLimit } from './cut.js';
import { normalizeRobotsPath } from './path.js';
import { productTokenOf } from './product-token.js';

/** Misspellings Google's reference parser accepts; we accept them too but report them. */
const USER_AGENT_TYPOS = new Set(['useragent', 'user agent', 'user-agents']);
const DISALLOW_TYPOS = new Set(['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']);
/** Lines crawlers read besides the RFC's rules; anything else is reported as unknown. */
export const KNOWN_EXTENSIONS: ReadonlySet<string> = new Set([
  'sitemap',
  'crawl-delay',
  'host',
  'clean-param',
  'request-rate',
  'visit-time',
  'content-signal',
  'content-usage',
  'license', // RSL 1.0: the URL of the site's licence terms
]);

/**
 * Parses a robots.txt per RFC 9309: user-agent lines in a row (blank and extension lines do not
 * break the row) share one group; an Allow/Disallow closes the row so the next user-agent line
 * starts a new group. Unparseable lines are reported and skipped, never fatal.
 */
export function parseRobotsTxt(input: string): ParsedRobots {
  // A BOM, or what decoding leaves of a damaged one (U+FFFD), as Google's parser skips partial BOMs.
  const { text, bytes, cut } = cutToParseLimit(input.replace(/^[\uFEFF\uFFFD]/, ''));
  const groups: RobotsGroup[] = [];
  const global: RobotsExtension[] = [];
  const problems: RobotsProblem[] = [];
  const report = (line: number, message: string) => {
    if (problems.length < ROBOTS_MAX_PROBLEMS) problems.push({ line, message });
  };

  let current: RobotsGroup | null = null;
  let collectingAgents = false;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const content = stripComment(lines[i]!).trim();
    if (!content) continue;
    const colon = content.indexOf(':');
    if (colon < 0) {
      report(lineNo, `"${clip(content)}" has no colon, so crawlers ignore it`);
      continue;
    }
    const rawKey = content.slice(0, colon).trim().toLowerCase().replace(/\s+/g, ' ');
    const value = content.slice(colon + 1).trim();
    const key = canonicalKey(rawKey);
    if (key !== rawKey) report(lineNo, `"${clip(rawKey)}" is a misspelling of "${key}"`);

    if (key === 'user-agent') {
      const token = productTokenOf(value);
      if (!token) report(lineNo, `user-agent "${clip(value)}" is not a product token`);
      if (!current || !collectingAgents) {
        current = { agents: [], rules: [], extensions: [], line: lineNo };
        groups.push(current);
        collectingAgents = true;
      }
      if (token && !current.agents.includes(token)) current.agents.push(token);
      continue;
    }

    if (key === 'allow' || key === 'disallow') {
      if (!current) {
        report(lineNo, `${key} before any user-agent line applies to no crawler`);
        continue;
      }
      collectingAgents = false;
      if (!value) continue; // an empty value is a valid "no restriction"
      if (!value.startsWith('/') && !value.startsWith('*')) {
        report(lineNo, `path "${clip(value)}" must start with "/" or "*"; it matches nothing`);
        continue;
      }
      current.rules.push({ allow: key === 'allow', pattern: normalizeRobotsPath(value), raw: value, line: lineNo });
      continue;
    }

    if (key === 'noindex') report(lineNo, 'noindex in robots.txt is not supported by crawlers; use meta robots or X-Robots-Tag');
    else if (!KNOWN_EXTENSIONS.has(key)) report(lineNo, `unknown directive "${clip(rawKey)}"`);
    const ext: RobotsExtension = { key, value, line: lineNo };
    if (key !== 'sitemap' && current) current.extensions.push(ext);
    else global.push(ext);
  }
  return { groups, global, problems, cut, bytes };
}

export function canonicalKey(key: string): string {
  if (USER_AGENT_TYPOS.has(key)) return 'user-agent';
  if (DISALLOW_TYPOS.has(key)) return 'disallow';
  return key;
}

export function stripComment(line: string): string {
  const hash = line.indexOf('#');
  return hash >= 0 ? line.slice(0, hash) : line;
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
