/**
 * `--baseline FILE`: what an earlier run found, to say what changed. Either output of Citable itself:
 * the JSON (`--json` / `--format json`: an audit or a crawl, or the API's `{audit}` / `{crawl}` envelope)
 * or the SARIF log (`--format sarif`, whose run properties keep the scores). Reduced to the score, the
 * category scores and, per rule, its severity, title and how many pages had it.
 */
import { CATEGORY_NAMES, SEVERITIES, type Severity } from '../../shared/types/audit.js';
import { ruleInfo } from './rule-catalogue.js';
import { severityOfLevel } from './sarif-rules.js';

export interface BaselineIssue {
  severity: Severity;
  title: string;
  pages: number;
}

export interface Baseline {
  kind: 'audit' | 'crawl';
  /** The page or start URL the baseline was made of. */
  url: string;
  score: number | null;
  /** Category name -> its score, null where it was n/a (absent: not known). */
  categories: Map<string, number | null>;
  issues: Map<string, BaselineIssue>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const NOT_CITABLE = 'is neither a Citable --json output (an audit or a crawl) nor a Citable SARIF log';

/** The baseline in `text` (the file's content), or what is wrong with it. */
export function parseBaseline(text: string): Baseline | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'is not JSON';
  }
  if (isObject(doc) && isObject(doc.audit)) doc = doc.audit;
  else if (isObject(doc) && isObject(doc.crawl)) doc = doc.crawl;
  if (!isObject(doc)) return NOT_CITABLE;
  if (Array.isArray(doc.runs)) return fromSarif(doc);
  if (!Array.isArray(doc.issues) || !Array.isArray(doc.category_scores)) return NOT_CITABLE;
  const kind = 'progress' in doc ? 'crawl' : 'audit';
  const issues = new Map<string, BaselineIssue>();
  for (const issue of doc.issues) {
    if (!isObject(issue) || typeof issue.rule !== 'string') return `${NOT_CITABLE} (an issue without a rule id)`;
    const pages = kind === 'crawl' && typeof issue.pages === 'number' ? issue.pages : 1;
    issues.set(issue.rule, { severity: severityOf(issue.severity), title: titleOf(issue.rule, issue.title), pages });
  }
  return {
    kind,
    url: String((kind === 'audit' ? (doc.final_url ?? doc.url) : doc.url) ?? ''),
    score: typeof doc.score === 'number' ? doc.score : null,
    categories: categoriesOf(doc.category_scores),
    issues,
  };
}

function fromSarif(doc: Json): Baseline | string {
  const run = Array.isArray(doc.runs) && isObject(doc.runs[0]) ? doc.runs[0] : null;
  const driver = run && isObject(run.tool) && isObject(run.tool.driver) ? run.tool.driver : null;
  if (!run || !driver || driver.name !== 'Citable') return `is a SARIF log, but not one Citable wrote`;
  const summary = isObject(run.properties) && isObject(run.properties.citable) ? run.properties.citable : {};
  const pagesByRule = new Map<string, { severity: Severity; pages: Set<string>; site: number }>();
  for (const result of Array.isArray(run.results) ? run.results : []) {
    if (!isObject(result) || typeof result.ruleId !== 'string') continue;
    const entry = pagesByRule.get(result.ruleId) ?? { severity: severityOfLevel(result.level), pages: new Set<string>(), site: 0 };
    entry.pages.add(locationOf(result));
    // A crawl's site-wide finding is one result that counts its pages.
    if (isObject(result.properties) && typeof result.properties.pages === 'number') entry.site = result.properties.pages;
    pagesByRule.set(result.ruleId, entry);
  }
  const issues = new Map<string, BaselineIssue>();
  for (const [rule, entry] of pagesByRule) {
    issues.set(rule, { severity: entry.severity, title: titleOf(rule, undefined), pages: Math.max(entry.site, entry.pages.size) });
  }
  return {
    kind: summary.kind === 'crawl' ? 'crawl' : 'audit',
    url: typeof summary.url === 'string' ? summary.url : '',
    score: typeof summary.score === 'number' ? summary.score : null,
    categories: categoriesOf(summary.category_scores),
    issues,
  };
}

function locationOf(result: Json): string {
  const location = Array.isArray(result.locations) ? result.locations[0] : undefined;
  const physical = isObject(location) && isObject(location.physicalLocation) ? location.physicalLocation : null;
  const artifact = physical && isObject(physical.artifactLocation) ? physical.artifactLocation : null;
  return artifact && typeof artifact.uri === 'string' ? artifact.uri : '';
}

function categoriesOf(value: unknown): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const c of Array.isArray(value) ? value : []) {
    if (!isObject(c) || !(CATEGORY_NAMES as readonly unknown[]).includes(c.name) || typeof c.score !== 'number') continue;
    out.set(String(c.name), c.applicable === false ? null : c.score);
  }
  return out;
}

function severityOf(value: unknown): Severity {
  return (SEVERITIES as readonly unknown[]).includes(value) ? (value as Severity) : 'warning';
}

function titleOf(rule: string, given: unknown): string {
  return typeof given === 'string' && given ? given : (ruleInfo(rule)?.title ?? rule);
}
