/**
 * The CI options `citable audit` and `citable crawl` share: --format (several, each with its --output),
 * --budget, --baseline and --sarif-profile. Everything is read and checked before the audit starts, so a
 * mistake (an unknown format, a budget with an unknown key, an unreadable baseline) costs no crawl: one
 * line on stderr and exit 2.
 */
import { readFile } from 'node:fs/promises';
import { parseBaseline, type Baseline } from '../ci/baseline.js';
import { BudgetError, parseBudget, type Budget } from '../ci/budget.js';
import { SARIF_PROFILES, type SarifProfile } from '../ci/sarif.js';
import { readCiSettings } from '../settings/ci-settings.js';
import { ConfigError, type Env } from '../settings/parse.js';

export const FORMATS = ['text', 'json', 'sarif', 'junit', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

export const CI_OPTIONS = {
  format: { type: 'string', multiple: true },
  output: { type: 'string', multiple: true },
  budget: { type: 'string' },
  baseline: { type: 'string' },
  'sarif-profile': { type: 'string' },
} as const;

export const CI_HELP = `  --format F       the output: text (default), json, sarif, junit or markdown (docs/ci.md)
  --output FILE    write it to FILE instead of stdout; give --format and --output several times to write
                   several formats from one run (the first --output is the first --format's, and so on)
  --budget FILE    what the run must meet, as JSON: {"score": {"min": N}, "categories": {...}, "rules":
                   {"<rule id>": "error"|"warn"|"off"}, "max_critical": N}; exit 1 when an error fails
  --baseline FILE  an earlier --json or --format sarif output: markdown then says what changed
  --sarif-profile P  standard (default: page URLs as locations) or github (what code scanning accepts)
`;

export interface CiValues {
  json?: boolean | undefined;
  'fail-under'?: string | undefined;
  format?: string[] | undefined;
  output?: string[] | undefined;
  budget?: string | undefined;
  baseline?: string | undefined;
  'sarif-profile'?: string | undefined;
}

export interface CiPlan {
  /** `file` null: stdout (at most one). */
  outputs: Array<{ format: Format; file: string | null }>;
  budget: Budget | null;
  baseline: Baseline | null;
  sarifProfile: SarifProfile;
  docsUrl: string | null;
  failUnder: number | null;
  /** SARIF or JUnit asked: a crawl keeps each page's findings. */
  needsPages: boolean;
}

/** The plan, or the message to fail with (exit 2). */
export async function prepareCi(values: CiValues, env: Env): Promise<CiPlan | string> {
  const failUnder = values['fail-under'];
  if (failUnder !== undefined && !/^(100|[1-9]?\d)$/.test(failUnder)) return '--fail-under takes a whole number from 0 to 100.';
  const outputs = outputsOf(values);
  if (typeof outputs === 'string') return outputs;
  const profile = values['sarif-profile'] ?? 'standard';
  if (!(SARIF_PROFILES as readonly string[]).includes(profile))
    return `--sarif-profile takes standard or github (got ${JSON.stringify(profile)}).`;
  let docsUrl: string | null;
  try {
    docsUrl = readCiSettings(env).docsUrl;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  const budget = values.budget === undefined ? null : await readBudget(values.budget);
  if (typeof budget === 'string') return budget;
  if (values.baseline !== undefined && !outputs.some((o) => o.format === 'markdown'))
    return '--baseline is read by --format markdown: add it.';
  const baseline = values.baseline === undefined ? null : await readBaseline(values.baseline);
  if (typeof baseline === 'string') return baseline;
  return {
    outputs,
    budget,
    baseline,
    sarifProfile: profile as SarifProfile,
    docsUrl,
    failUnder: failUnder === undefined ? null : Number(failUnder),
    needsPages: outputs.some((o) => o.format === 'sarif' || o.format === 'junit'),
  };
}

function outputsOf(values: CiValues): CiPlan['outputs'] | string {
  const formats = values.format ?? [];
  const files = values.output ?? [];
  for (const f of formats)
    if (!(FORMATS as readonly string[]).includes(f)) return `--format takes ${FORMATS.join(', ')} (got ${JSON.stringify(f)}).`;
  if (values.json && formats.some((f) => f !== 'json')) return '--json is --format json: give --format alone to choose another format.';
  const chosen = (formats.length ? formats : [values.json ? 'json' : 'text']) as Format[];
  if (files.length > chosen.length)
    return `${files.length} --output for ${chosen.length} --format: give one --format per --output, in the same order.`;
  const outputs = chosen.map((format, i) => ({ format, file: files[i] === undefined || files[i] === '-' ? null : files[i]! }));
  if (outputs.filter((o) => o.file === null).length > 1) return 'only one format can go to stdout: give the others an --output FILE.';
  const seen = new Set<string>();
  for (const o of outputs) {
    if (o.file === null) continue;
    if (seen.has(o.file)) return `--output ${o.file} is given twice.`;
    seen.add(o.file);
  }
  return outputs;
}

async function readBudget(file: string): Promise<Budget | string> {
  const text = await readText(file, '--budget');
  if ('problem' in text) return text.problem;
  try {
    return parseBudget(text.content);
  } catch (err) {
    if (err instanceof BudgetError) return `--budget ${file}: ${err.message}.`;
    throw err;
  }
}

async function readBaseline(file: string): Promise<Baseline | string> {
  const text = await readText(file, '--baseline');
  if ('problem' in text) return text.problem;
  const baseline = parseBaseline(text.content);
  return typeof baseline === 'string' ? `--baseline ${file} ${baseline}.` : baseline;
}

async function readText(file: string, option: string): Promise<{ content: string } | { problem: string }> {
  try {
    return { content: await readFile(file, 'utf8') };
  } catch (err) {
    return { problem: `cannot read ${option} ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
  }
}
