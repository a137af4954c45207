import type { RuntimeWebmcpTool, WebmcpEvidence } from '../../../shared/types/audit.js';

export interface RecordedMatch {
  name: string;
  /** The registering call site, e.g. `app.js:11:56`. */
  site: string;
  /** True when the static scan found a registration in the same script. */
  matchesStatic: boolean;
  /**
   * What the static scan made of that script: a registration, only other evidence (a feature check,
   * an API reference: the scan saw the script but no registration), or nothing at all.
   */
  staticSaw: 'registration' | 'other-evidence' | 'nothing';
}

/** "at fn (https://site/app.js:11:56)" or "fn@https://site/app.js:11:56" → url, line, column. */
export function parseFrame(frame: string): { url: string; line: number; column: number } | null {
  const m = frame.match(/(https?:\/\/[^\s()]+?):(\d+):(\d+)\)?$/);
  return m ? { url: m[1]!, line: Number(m[2]), column: Number(m[3]) } : null;
}

/** Links the deep probe's registration stacks to the static scan's evidence by script URL. */
export function matchRecordedTools(tools: RuntimeWebmcpTool[], evidence: WebmcpEvidence[]): RecordedMatch[] {
  const staticEvidence = evidence.filter((e) => e.location.type !== 'runtime');
  const registering = new Set(staticEvidence.filter((e) => e.registers).map((e) => stripHash(e.location.url)));
  const seen = new Set(staticEvidence.map((e) => stripHash(e.location.url)));
  const out: RecordedMatch[] = [];
  for (const tool of tools) {
    const frame = (tool.stack ?? []).map(parseFrame).find((f) => f !== null);
    if (!frame) continue;
    const file = frame.url.split('/').pop() || frame.url;
    const url = stripHash(frame.url);
    const staticSaw = registering.has(url) ? 'registration' : seen.has(url) ? 'other-evidence' : 'nothing';
    out.push({ name: tool.name, site: `${file}:${frame.line}:${frame.column}`, matchesStatic: staticSaw === 'registration', staticSaw });
  }
  return out;
}

function stripHash(url: string): string {
  return url.split('#')[0]!;
}
