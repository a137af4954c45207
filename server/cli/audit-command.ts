import { AuditFetchError, AuditInputError } from '../../shared/audit/errors.js';
import { gatherForAudit } from '../../shared/audit/gather-for-audit.js';
import type { GatherLimits } from '../../shared/gather/limits.js';
import { createNodeFetcher } from '../net/node-fetcher.js';
import { renderReport } from './report/render-report.js';
import { shouldColor } from './report/style.js';
import type { CliIo } from './io.js';
import { startCommand } from './command-args.js';
import { ConfigError } from '../settings/parse.js';
import { AUDIT_DEADLINE_DEFAULT_MS, readAuditSettings, type AuditSettings } from '../settings/audit-settings.js';
import { REPORT_FILE_HELP, REPORT_FILE_OPTIONS, writeReportFiles } from './report-files.js';
import { DEFAULT_AGENT_SELECTION, isAgentSelection } from '../../shared/crawlers/probe-selection.js';

const USAGE = 'Usage: citable audit <url> [--agents sample|all] [--json] [--fail-under N] [--html FILE] [--pdf FILE]';
const HELP = `${USAGE}

Audits one page the way AI answer engines see it and prints a report.

  <url>            an http(s) URL or a bare host (example.com)
  --agents WHICH   the AI agents the page is also fetched as: sample (default, at most 8) or all
  --json           print exactly the audit object the API returns
  --fail-under N   exit 1 when the score is below N (0-100), for CI
${REPORT_FILE_HELP}
Exit codes: 0 ok, 1 score below --fail-under, 2 the URL cannot be audited.
Private and loopback addresses are refused unless AUDIT_ALLOW_PRIVATE=1 (or true, yes, on).
AUDIT_DEADLINE_MS: the audit's time budget in ms (default ${AUDIT_DEADLINE_DEFAULT_MS}).
`;

const OPTIONS = {
  json: { type: 'boolean' },
  'fail-under': { type: 'string' },
  agents: { type: 'string' },
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
  const failUnder = values['fail-under'];
  if (failUnder !== undefined && !/^(100|[1-9]?\d)$/.test(failUnder)) return fail('--fail-under takes a whole number from 0 to 100.');
  const agents = values.agents ?? DEFAULT_AGENT_SELECTION;
  if (!isAgentSelection(agents)) return fail('--agents takes sample or all.');
  let settings: AuditSettings;
  try {
    settings = readAuditSettings(io.env); // the server's reader: the same values mean the same thing
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  const { allowPrivate } = settings;
  const limits: Partial<GatherLimits> = { deadlineMs: settings.deadlineMs };
  let audit;
  try {
    const snapshot = await gatherForAudit(positionals[0], { fetcher: createNodeFetcher({ allowPrivate }), limits, agents });
    audit = (await judging).auditSnapshot(snapshot, { id: crypto.randomUUID() });
  } catch (err) {
    if (err instanceof AuditInputError) return fail(err.message);
    if (err instanceof AuditFetchError) {
      const refusedByPolicy = err.code === 'blocked_address' || err.code === 'special_use_name';
      const hint = refusedByPolicy && !allowPrivate ? ' Set AUDIT_ALLOW_PRIVATE=1 to audit it in local development.' : '';
      return fail(`${err.message}${hint}`);
    }
    throw err;
  }

  io.stdout.write(
    values.json
      ? `${JSON.stringify(audit, null, 2)}\n`
      : renderReport(audit, { color: shouldColor(io.stdout, io.env), columns: io.stdout.columns }),
  );
  if (values.html !== undefined || values.pdf !== undefined) {
    const { renderAuditReportHtml } = await import('../../shared/report/render-audit-report.js');
    const done = audit;
    const problem = await writeReportFiles(
      values,
      (medium, paper) => ({ html: renderAuditReportHtml(done, { medium, paper }), subjectUrl: done.final_url }),
      io,
    );
    if (problem) return fail(problem);
  }
  return failUnder !== undefined && audit.score < Number(failUnder) ? 1 : 0;
}
