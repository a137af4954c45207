import type { AgentDiscoveryFile, Audit, WebmcpEvidence } from '../../../shared/types/audit.js';
import type { ReportContext } from './context.js';
import { safe, wrap } from './text.js';

const MAX_EVIDENCE = 5;

/** llms.txt status and the informational signals, WebMCP and agent discovery (never part of the score). */
export function signalsSection(audit: Audit, ctx: ReportContext): string[] {
  return [...llmsTxtLines(audit, ctx), '', ...webmcpLines(audit, ctx), '', ...agentDiscoveryLines(audit, ctx)];
}

/** One summary line, then a line per file that is there (found, invalid) or could not be read; absent ones are counted. */
function agentDiscoveryLines({ signals }: Audit, { style, width, tr }: ReportContext): string[] {
  const label = style.bold(tr.t('cli.agentFiles'));
  const discovery = signals.agent_discovery;
  if (!discovery) return [`${label}  ${style.dim(tr.t('cli.agentFilesNotChecked'))}`];
  const count = (status: AgentDiscoveryFile['status']) => discovery.files.filter((f) => f.status === status).length;
  const counted = (status: AgentDiscoveryFile['status']) =>
    tr.t('cli.countOf', { count: count(status), status: tr.t(`cli.file.${status}`) });
  const summary = [
    count('found') && style.green(counted('found')),
    count('invalid') && style.yellow(counted('invalid')),
    count('error') && style.yellow(counted('error')),
    counted('not_found'),
  ].filter(Boolean);
  const lines = [`${label}  ${summary.join(', ')} ${style.dim(tr.t('cli.agentFilesNote'))}`];
  const list = new Intl.ListFormat(tr.locale, { type: 'conjunction' });
  for (const f of discovery.files) {
    if (f.status === 'not_found' && !f.via.some((v) => v !== 'well_known')) continue;
    const text = tr.t(`cli.file.${f.status}`);
    const status = f.status === 'found' ? style.green(text) : style.yellow(text);
    const via = f.via.filter((v) => v !== 'well_known').map((v) => tr.t(`cli.via.${v}`));
    const linked = via.length ? ` ${tr.t('cli.linkedFrom', { via: list.format(via) })}` : '';
    // URLs and problems quote the site: made terminal-safe; the colour codes around the status are ours.
    const problems = f.problems.length ? `: ${safe(f.problems.join('; '))}` : '';
    lines.push(...wrap(`- ${f.kind} ${status}: ${safe(f.url)}${linked}${problems}`, width, '  '));
  }
  return lines;
}

function llmsTxtLines({ llms_txt: llms }: Audit, { style, width, tr }: ReportContext): string[] {
  const status =
    llms.status === 'present'
      ? llms.valid
        ? style.green(tr.t('cli.llmsPresentValid'))
        : style.yellow(tr.t('cli.llmsPresentInvalid'))
      : llms.status === 'missing'
        ? style.yellow(tr.t('cli.llmsMissing'))
        : style.red(tr.t('cli.llmsUnreadable'));
  const lines = [`${style.bold('llms.txt')}  ${status}`];
  for (const problem of llms.problems) lines.push(...wrap(`- ${safe(problem)}`, width, '  '));
  return lines;
}

function webmcpLines({ signals: { webmcp } }: Audit, { style, tr }: ReportContext): string[] {
  const text = tr.t(`cli.webmcp.${webmcp.status}`);
  const status = webmcp.status === 'detected' ? style.green(text) : webmcp.status === 'inconclusive' ? style.yellow(text) : text;
  const scanned = tr.t('cli.webmcpScanned', { scanned: webmcp.bundlesScanned, count: webmcp.bundlesTotal });
  const lines = [`${style.bold('WebMCP')}    ${status} ${style.dim(tr.t('cli.webmcpNote', { source: webmcp.source, scanned }))}`];
  for (const e of webmcp.evidence.slice(0, MAX_EVIDENCE)) lines.push(`  - ${evidenceLine(e)}`);
  if (webmcp.evidence.length > MAX_EVIDENCE)
    lines.push(style.dim(`  ${tr.t('cli.moreEvidence', { count: webmcp.evidence.length - MAX_EVIDENCE })}`));
  if (webmcp.runtime) {
    const tools = webmcp.runtime.tools.map((t) => safe(t.name)).join(', ') || tr.t('cli.none');
    const api = tr.t(webmcp.runtime.apiAvailable ? 'cli.apiAvailable' : 'cli.apiAbsent');
    lines.push(`  ${tr.t('cli.runtime', { api, tools })}`);
  }
  return lines;
}

function evidenceLine(e: WebmcpEvidence): string {
  const where = [e.location.url, e.location.line, e.location.column].filter((p) => p !== undefined).join(':');
  const tool = e.toolName ? ` tool "${e.toolName}"` : '';
  return safe(`${e.kind} (${e.confidence})${tool} at ${where}: ${e.snippet}`);
}
