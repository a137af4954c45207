import type { Audit, WebmcpEvidence } from '../../../shared/types/audit.js';
import type { ReportContext } from './context.js';
import { safe, wrap } from './text.js';

const MAX_EVIDENCE = 5;

/** llms.txt status and the informational WebMCP signal (never part of the score). */
export function signalsSection(audit: Audit, ctx: ReportContext): string[] {
  return [...llmsTxtLines(audit, ctx), '', ...webmcpLines(audit, ctx)];
}

function llmsTxtLines({ llms_txt: llms }: Audit, { style, width }: ReportContext): string[] {
  const status =
    llms.status === 'present'
      ? llms.valid
        ? style.green('present, valid')
        : style.yellow('present, not valid')
      : llms.status === 'missing'
        ? style.yellow('missing')
        : style.red('could not be read');
  const lines = [`${style.bold('llms.txt')}  ${status}`];
  for (const problem of llms.problems) lines.push(...wrap(`- ${safe(problem)}`, width, '  '));
  return lines;
}

function webmcpLines({ signals: { webmcp } }: Audit, { style }: ReportContext): string[] {
  const status =
    webmcp.status === 'detected' ? style.green('detected') : webmcp.status === 'inconclusive' ? style.yellow('inconclusive') : 'not found';
  const scanned = `${webmcp.bundlesScanned} of ${webmcp.bundlesTotal} script${webmcp.bundlesTotal === 1 ? '' : 's'} scanned`;
  const lines = [
    `${style.bold('WebMCP')}    ${status} ${style.dim(`(source: ${webmcp.source}; ${scanned}; informational, not scored)`)}`,
  ];
  for (const e of webmcp.evidence.slice(0, MAX_EVIDENCE)) lines.push(`  - ${evidenceLine(e)}`);
  if (webmcp.evidence.length > MAX_EVIDENCE) lines.push(style.dim(`  ... and ${webmcp.evidence.length - MAX_EVIDENCE} more (see --json)`));
  if (webmcp.runtime) {
    const tools = webmcp.runtime.tools.map((t) => safe(t.name)).join(', ') || 'none';
    lines.push(`  runtime: API ${webmcp.runtime.apiAvailable ? 'available' : 'absent'}, tools: ${tools}`);
  }
  return lines;
}

function evidenceLine(e: WebmcpEvidence): string {
  const where = [e.location.url, e.location.line, e.location.column].filter((p) => p !== undefined).join(':');
  const tool = e.toolName ? ` tool "${e.toolName}"` : '';
  return safe(`${e.kind} (${e.confidence})${tool} at ${where}: ${e.snippet}`);
}
