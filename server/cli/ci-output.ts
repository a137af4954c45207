/**
 * After `citable audit` or `citable crawl` has its result: each asked format written (a file whole, or
 * stdout), then the verdict: --fail-under and --budget, each failure said on stderr with its figure and
 * its limit. Exit 0 or 1.
 */
import { budgetFailed, budgetLines, checkBudget } from '../ci/budget-check.js';
import type { CiReport } from '../ci/ci-report.js';
import { toJunit } from '../ci/junit.js';
import { toMarkdown } from '../ci/markdown.js';
import { toSarif } from '../ci/sarif.js';
import type { CiPlan, Format } from './ci-options.js';
import type { CliIo } from './io.js';
import { writeWhole } from './report-files.js';
import { shouldColor } from './report/style.js';

/** What only the command can render: its own text report and its JSON object. */
export interface CommandRender {
  text(options: { color: boolean; columns?: number | undefined }): string;
  json(): unknown;
}

const NAMES: Record<Format, string> = { text: 'Text report', json: 'JSON', sarif: 'SARIF', junit: 'JUnit XML', markdown: 'Markdown' };

/** Writes every output; null when all were written, else the message to fail with. */
export async function writeOutputs(plan: CiPlan, report: CiReport, render: CommandRender, io: CliIo): Promise<string | null> {
  for (const { format, file } of plan.outputs) {
    if (file === null) {
      io.stdout.write(formatted(format, plan, report, render, { color: shouldColor(io.stdout, io.env), columns: io.stdout.columns }));
      continue;
    }
    const problem = await writeWhole(file, formatted(format, plan, report, render, { color: false }));
    if (problem) return problem;
    io.stderr.write(`${NAMES[format]} written to ${file}\n`);
  }
  return null;
}

function formatted(
  format: Format,
  plan: CiPlan,
  report: CiReport,
  render: CommandRender,
  terminal: { color: boolean; columns?: number | undefined },
): string {
  switch (format) {
    case 'text':
      return render.text(terminal);
    case 'json':
      return `${JSON.stringify(render.json(), null, 2)}\n`;
    case 'sarif':
      return `${JSON.stringify(toSarif(report, { profile: plan.sarifProfile, docsBase: plan.docsUrl }))}\n`;
    case 'junit':
      return toJunit(report);
    case 'markdown':
      return toMarkdown(report, plan.baseline);
  }
}

/** --fail-under and --budget: 1 when either fails (each failure on stderr), else 0. */
export function verdict(plan: CiPlan, report: CiReport, io: CliIo, command: 'audit' | 'crawl'): number {
  let code = 0;
  const what = report.kind === 'crawl' ? 'the site score' : 'the score';
  if (plan.failUnder !== null && (report.score === null || report.score < plan.failUnder)) {
    io.stderr.write(
      report.score === null
        ? `citable ${command}: no score (no page was audited), so it cannot meet --fail-under ${plan.failUnder}\n`
        : `citable ${command}: ${what} ${report.score} is below --fail-under ${plan.failUnder}\n`,
    );
    code = 1;
  }
  if (plan.budget) {
    const result = checkBudget(plan.budget, report);
    io.stderr.write(`${budgetLines(command, result).join('\n')}\n`);
    if (budgetFailed(result)) code = 1;
  }
  return code;
}
