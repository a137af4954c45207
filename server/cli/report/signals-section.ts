import type { AgentDiscoveryFile, Audit, WebmcpEvidence } from '../../../shared/types/audit.js';
import type { ReportContext } from './context.js';
import { safe, wrap } from './text.js';

const MAX_EVIDENCE = 5;

/** llms.txt status and the informational signals, WebMCP and agent discovery (never part of the score). */
export function signalsSection(audit: Audit, ctx: ReportContext): string[] {
  return [...llmsTxtLines(audit, ctx), '', ...webmcpLines(audit, ctx), '', ...agentDiscoveryLines(audit, ctx)];
}

const VIA_TEXT = {
  well_known: 'well-known path',
  link_header: 'Link header',
  link_element: '<link> element',
  robots_txt: 'robots.txt Agentmap line',
} as const;

/** One summary line, then a line per file that is there (found, invalid) or could not be read; absent ones are counted. */
function agentDiscoveryLines({ signals }: Audit, { style, width }: ReportContext): string[] {
  const label = style.bold('Agent files');
  const discovery = signals.agent_discovery;
  if (!discovery) return [`${label}  ${style.dim('not checked (an audit made before agent discovery)')}`];
  const count = (status: AgentDiscoveryFile['status']) => discovery.files.filter((f) => f.status === status).length;
  const summary = [
    count('found') && style.green(`${count('found')} found`),
    count('invalid') && style.yellow(`${count('invalid')} invalid`),
    count('error') && style.yellow(`${count('error')} unreadable`),
    `${count('not_found')} not found`,
  ].filter(Boolean);
  const lines = [
    `${label}  ${summary.join(', ')} ${style.dim('(MCP, A2A, AI catalog, skills, API catalog, OAuth, Web Bot Auth; informational, not scored)')}`,
  ];
  for (const f of discovery.files) {
    if (f.status === 'not_found' && !f.via.some((v) => v !== 'well_known')) continue;
    const status =
      f.status === 'found'
        ? style.green('found')
        : f.status === 'not_found'
          ? style.yellow('not found')
          : style.yellow(f.status === 'error' ? 'unreadable' : 'invalid');
    const via = f.via.filter((v) => v !== 'well_known').map((v) => VIA_TEXT[v]);
    const linked = via.length ? ` (linked from the ${via.join(' and ')})` : '';
    // URLs and problems quote the site: made terminal-safe; the colour codes around the status are ours.
    const problems = f.problems.length ? `: ${safe(f.problems.join('; '))}` : '';
    lines.push(...wrap(`- ${f.kind} ${status}: ${safe(f.url)}${linked}${problems}`, width, '  '));
  }
  return lines;
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
  const lines = [`${style.bold('WebMCP')}    ${status} ${style.dim(`(source: ${webmcp.source}; ${scanned}; informational, not scored)`)}`];
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
