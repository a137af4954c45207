import type { PageFacts, ScriptFact } from '../../facts/page-facts.js';
import type { WebmcpEvidence } from '../../types/audit.js';
import { evidence } from '../evidence.js';
import { scanScript } from '../script/scan-script.js';
import { scriptSrcFingerprint } from '../src-fingerprint.js';
import type { LineColumn, LineLocator } from '../text.js';

// Script types that hold data or prose, never code (an import map is read for URLs instead).
const DATA_TYPES = /^(?:application\/(?:ld\+json|json|[\w.-]+\+json)|speculationrules|text\/(?:plain|markdown|css))$/;

/**
 * The page's inline scripts, scanned like bundles. Offsets are relative to the script text
 * (with `scriptIndex`, its index among all `<script>` elements); line and column are the page's,
 * as browser stack traces give them, when the script's position in the page is known.
 */
export function inlineScriptEvidence(facts: PageFacts, html: string, pageUrl: string, pageLocator: LineLocator): WebmcpEvidence[] {
  const out: WebmcpEvidence[] = [];
  for (const script of facts.scripts) {
    if (script.src !== null || !script.text) continue;
    const type = script.type ?? '';
    if (type === 'importmap') {
      out.push(...importMapEvidence(script, pageUrl));
      continue;
    }
    if (DATA_TYPES.test(type)) continue;
    const base = textStart(script, html, pageLocator);
    out.push(
      ...scanScript(script.text, {
        type: 'inline-script',
        url: pageUrl,
        scriptIndex: script.index,
        ...(base ? { base } : {}),
      }),
    );
  }
  return out;
}

/** Where the script's text starts in the page, checked against the text itself. */
function textStart(script: ScriptFact, html: string, locator: LineLocator): LineColumn | null {
  if (script.offset === null) return null;
  const gt = html.indexOf('>', script.offset);
  if (gt === -1 || !html.startsWith(script.text, gt + 1)) return null;
  return locator.at(gt + 1);
}

/** An import map can point a bare specifier at a WebMCP runtime (`"@mcp-b/global": "https://…"`). */
function importMapEvidence(script: ScriptFact, pageUrl: string): WebmcpEvidence[] {
  let map: unknown;
  try {
    map = JSON.parse(script.text);
  } catch {
    return [];
  }
  const out: WebmcpEvidence[] = [];
  for (const [specifier, target] of importMapEntries(map)) {
    const hit = scriptSrcFingerprint(specifier) ?? scriptSrcFingerprint(target);
    if (!hit) continue;
    out.push(
      evidence({
        kind: 'script-src-fingerprint',
        confidence: 'low',
        registers: false,
        location: { type: 'html', url: pageUrl, scriptIndex: script.index },
        snippet: `importmap "${specifier}": "${target}"`,
        library: hit.library,
      }),
    );
  }
  return out;
}

function importMapEntries(map: unknown): Array<[string, string]> {
  if (!map || typeof map !== 'object') return [];
  const { imports, scopes } = map as { imports?: unknown; scopes?: unknown };
  const tables = [imports, ...(scopes && typeof scopes === 'object' ? Object.values(scopes) : [])];
  return tables.flatMap((table) =>
    table && typeof table === 'object' ? Object.entries(table).filter((e): e is [string, string] => typeof e[1] === 'string') : [],
  );
}
