import { AuditFetchError, AuditInputError, AuditRenderError } from '../../shared/audit/errors.js';
import { gatherForAudit } from '../../shared/audit/gather-for-audit.js';
import type { GatherLimits } from '../../shared/gather/limits.js';
import { createNodeFetcher } from '../net/node-fetcher.js';
import type { Audit } from '../../shared/types/audit.js';
import { auditReport } from '../ci/ci-report.js';
import { renderReport } from './report/render-report.js';
import type { CliIo } from './io.js';
import { CI_HELP, CI_OPTIONS, prepareCi } from './ci-options.js';
import { verdict, writeOutputs } from './ci-output.js';
import { startCommand } from './command-args.js';
import { ConfigError } from '../settings/parse.js';
import { AUDIT_DEADLINE_DEFAULT_MS, readAuditSettings, type AuditSettings } from '../settings/audit-settings.js';
import { REPORT_FILE_HELP, REPORT_FILE_OPTIONS, reportFilesLanguage, writeReportFiles } from './report-files.js';
import { isReportLanguage } from '../../shared/i18n/languages.js';
import { openCliRenderer, RENDER_HELP } from './cli-renderer.js';
import { DEFAULT_AGENT_SELECTION, isAgentSelection, type AgentSelection } from '../../shared/crawlers/probe-selection.js';

const USAGE =
  'Usage: citable audit <url> [--render] [--agents sample|all] [--json] [--fail-under N] [--format F] [--output FILE] [--budget FILE] [--html FILE] [--pdf FILE] [--lang LANG]';
const HELP = `${USAGE}

Audits one page the way AI answer engines see it and prints a report.

  <url>            an http(s) URL or a bare host (example.com)
  --render         also load the page in headless Chromium and compare it with the server HTML
                   (${RENDER_HELP})
  --agents WHICH   the AI agents the page is also fetched as: sample (default, at most 8) or all
  --json           print exactly the audit object the API returns (the same as --format json)
  --fail-under N   exit 1 when the score is below N (0-100), for CI
${CI_HELP}${REPORT_FILE_HELP}
Exit codes: 0 ok, 1 score below --fail-under or the budget failed, 2 the URL cannot be audited (or a
usage mistake: an unknown format, a budget file with an unknown key).
Private and loopback addresses are refused unless AUDIT_ALLOW_PRIVATE=1 (or true, yes, on).
AUDIT_DEADLINE_MS: the audit's time budget in ms (default ${AUDIT_DEADLINE_DEFAULT_MS}).
`;

const OPTIONS = {
  json: { type: 'boolean' },
  render: { type: 'boolean' },
  'fail-under': { type: 'string' },
  agents: { type: 'string' },
  ...CI_OPTIONS,
  ...REPORT_FILE_OPTIONS,
} as const;

/** `citable audit`: runs the engine locally with the SSRF-guarded Node fetcher (docs/api-decisions.md#cli). */
export async function run(args: string[], io: CliIo): Promise<number> {
  // The judges (every rule, the HTML and JavaScript parsers) load while the network works: a whole
  // `citable audit` is mostly start-up, so this overlap is a large share of its wall time.
  const judging = import('../../shared/audit/audit-snapshot.js');
  judging.catch(() => undefined); // a failure surfaces where it is awaited
  const start = startCommand({ name: 'audit', usage: USAGE, help: HELP, options: OPTIONS }, args, io);
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  if (positionals.length !== 1) return fail(`expected one URL. ${USAGE}`);
  const agents = values.agents ?? DEFAULT_AGENT_SELECTION;
  if (!isAgentSelection(agents)) return fail('--agents takes sample or all.');
  const lang = reportFilesLanguage(values.lang, io.env);
  if (!isReportLanguage(lang)) return fail(lang);
  const plan = await prepareCi(values, io.env);
  if (typeof plan === 'string') return fail(plan);
  const audit = await auditPage(positionals[0]!, io.env, judging, { agents, render: values.render === true });
  if (typeof audit === 'string') return fail(audit);

  const report = auditReport(audit);
  const render = { text: (o: { color: boolean; columns?: number | undefined }) => renderReport(audit, { ...o, lang }), json: () => audit };
  const written = await writeOutputs(plan, report, render, io);
  if (written) return fail(written);
  if (values.html !== undefined || values.pdf !== undefined) {
    const { renderAuditReportHtml } = await import('../../shared/report/render-audit-report.js');
    const problem = await writeReportFiles(
      values,
      (medium, paper, lang) => ({ html: renderAuditReportHtml(audit, { medium, paper, lang }), subjectUrl: audit.final_url }),
      io,
    );
    if (problem) return fail(problem);
  }
  return verdict(plan, report, io, 'audit');
}

/** The audit of `url`, or the message to fail with. */
async function auditPage(
  url: string,
  env: CliIo['env'],
  judging: Promise<typeof import('../../shared/audit/audit-snapshot.js')>,
  { agents, render }: { agents: AgentSelection; render: boolean },
): Promise<Audit | string> {
  let settings: AuditSettings;
  try {
    settings = readAuditSettings(env); // the server's reader: the same values mean the same thing
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  const { allowPrivate } = settings;
  const limits: Partial<GatherLimits> = { deadlineMs: settings.deadlineMs };
  const renderer = render ? openCliRenderer(env, allowPrivate) : null;
  if (typeof renderer === 'string') return renderer;
  try {
    const snapshot = await gatherForAudit(url, {
      fetcher: createNodeFetcher({ allowPrivate }),
      limits,
      agents,
      ...(renderer ? { renderer } : {}),
    });
    return (await judging).auditSnapshot(snapshot, { id: crypto.randomUUID() });
  } catch (err) {
    if (err instanceof AuditInputError || err instanceof AuditRenderError) return err.message;
    if (err instanceof AuditFetchError) {
      const refusedByPolicy = err.code === 'blocked_address' || err.code === 'special_use_name';
      const hint = refusedByPolicy && !allowPrivate ? ' Set AUDIT_ALLOW_PRIVATE=1 to audit it in local development.' : '';
      return `${err.message}${hint}`;
    }
    throw err;
  } finally {
    await renderer?.close();
  }
}
