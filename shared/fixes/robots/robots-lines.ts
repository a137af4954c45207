/**
 * robots.txt as lines, each with what it is and the group it belongs to, grouped exactly as the engine's
 * parser (shared/robots/parse.ts) groups them: user-agent lines in a row share a group, an Allow or Disallow
 * closes the row. The fix edits these lines and writes every other line back as it was.
 */
import { canonicalKey, KNOWN_EXTENSIONS, stripComment } from '../../robots/parse.js';
import { productTokenOf } from '../../robots/product-token.js';

export type LineKind = 'blank' | 'comment' | 'user-agent' | 'allow' | 'disallow' | 'directive' | 'unparsed';

export interface RobotsLine {
  /** The line as written (without its line break). */
  raw: string;
  kind: LineKind;
  /** Lower-cased product token of a user-agent line; the directive name of a directive line. */
  key: string | null;
  /** The value after the colon, trimmed. */
  value: string;
  /** The group a user-agent, rule or directive line belongs to; null outside groups. */
  group: number | null;
}

export interface LineGroup {
  id: number;
  /** Lower-cased product tokens named by its user-agent lines. */
  agents: string[];
  /** Indexes of its lines, by kind. */
  agentLines: number[];
  ruleLines: number[];
  directiveLines: number[];
}

export interface RobotsLines {
  lines: RobotsLine[];
  groups: LineGroup[];
  /** The file started with a byte order mark (removed). */
  bom: boolean;
}

/** Directives crawlers read besides the RFC's rules (the parser's list): a moved group takes them along. */
export const KNOWN_DIRECTIVES = KNOWN_EXTENSIONS;

export function readRobotsLines(input: string): RobotsLines {
  const bom = /^[\uFEFF\uFFFD]/.test(input);
  const text = bom ? input.slice(1) : input;
  const lines: RobotsLine[] = [];
  const groups: LineGroup[] = [];
  let current: LineGroup | null = null;
  let collectingAgents = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const index = lines.length;
    const content = stripComment(raw).trim();
    const line: RobotsLine = { raw, kind: 'blank', key: null, value: '', group: null };
    lines.push(line);
    if (!content) {
      line.kind = raw.trim() ? 'comment' : 'blank';
      continue;
    }
    const colon = content.indexOf(':');
    if (colon < 0) {
      line.kind = 'unparsed';
      continue;
    }
    const key = canonicalKey(content.slice(0, colon).trim().toLowerCase().replace(/\s+/g, ' '));
    line.value = content.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!current || !collectingAgents) {
        current = { id: groups.length, agents: [], agentLines: [], ruleLines: [], directiveLines: [] };
        groups.push(current);
        collectingAgents = true;
      }
      const token = productTokenOf(line.value);
      Object.assign(line, { kind: 'user-agent', key: token, group: current.id });
      current.agentLines.push(index);
      if (token && !current.agents.includes(token)) current.agents.push(token);
    } else if (key === 'allow' || key === 'disallow') {
      if (!current) {
        line.kind = 'unparsed'; // a rule before any user-agent line applies to no crawler
        continue;
      }
      collectingAgents = false;
      // A path that does not start with / or * matches nothing: crawlers skip it (it still ends the user-agent row).
      if (line.value && !line.value.startsWith('/') && !line.value.startsWith('*')) {
        line.kind = 'unparsed';
        continue;
      }
      Object.assign(line, { kind: key, key, group: current.id });
      current.ruleLines.push(index);
    } else {
      Object.assign(line, { kind: 'directive', key, group: key !== 'sitemap' && current ? current.id : null });
      if (key !== 'sitemap' && current) current.directiveLines.push(index);
    }
  }
  if (lines.length > 1 && lines.at(-1)!.raw === '') lines.pop(); // the final line break
  return { lines, groups, bom };
}
