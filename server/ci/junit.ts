/**
 * `--format junit`: JUnit XML as Jenkins, GitLab, Azure Pipelines and most CI servers read it (the Ant
 * junit task's format: testsuites > testsuite > testcase with failure, error or skipped). One test suite
 * per page, one test case per rule on that page: a critical or warning issue is a failure (its title the
 * message, what was found and what to do the text; a crawl page's, the rule's fix line), a notice passes and is listed in the suite's
 * system-out, a rule of a category that did not apply is skipped, a rule that threw is an error. A page
 * that could not be audited is one errored case. A crawl's site-wide rules are one suite for the site.
 * Elements and attributes are those both the Ant schema and Jenkins' junit-10.xsd accept (the root's
 * counts are Jenkins' own; Ant declares none there).
 */
import { isSiteRule } from '../../shared/crawl/site-findings.js';
import type { CategoryScore } from '../../shared/types/audit.js';
import type { CiReport, Finding, PageFindings } from './ci-report.js';
import { RULE_CATALOGUE, ruleInfo, type RuleInfo } from './rule-catalogue.js';
import { xmlAttr, xmlText } from './xml.js';

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

interface Suite extends Counts {
  name: string;
  body: string[];
  /** Notices, one line each: the suite's system-out. */
  out: string[];
}

export function toJunit(report: CiReport): string {
  const timestamp = (report.finishedAt ?? new Date().toISOString()).slice(0, 19); // the Ant schema's form: no zone
  const pageRules = report.kind === 'crawl' ? RULE_CATALOGUE.filter((r) => !isSiteRule(r.id)) : RULE_CATALOGUE;
  const suites = (report.pages ?? []).map((page) => pageSuite(page, pageRules));
  if (report.kind === 'crawl') suites.push(siteSuite(report));
  const total = suites.reduce<Counts>(
    (t, s) => ({
      tests: t.tests + s.tests,
      failures: t.failures + s.failures,
      errors: t.errors + s.errors,
      skipped: t.skipped + s.skipped,
    }),
    { tests: 0, failures: 0, errors: 0, skipped: 0 },
  );
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttr(`Citable ${report.kind} of ${report.url}`)}" tests="${total.tests}" failures="${total.failures}" errors="${total.errors}" time="0">`,
  ];
  suites.forEach((s, id) => {
    lines.push(
      `  <testsuite name="${xmlAttr(s.name)}" package="citable" id="${id}" hostname="localhost" timestamp="${xmlAttr(timestamp)}" ${countAttrs(s)} time="0">`,
      '    <properties/>',
      ...s.body,
      s.out.length > 0 ? `    <system-out>${xmlText(s.out.join('\n'))}</system-out>` : '    <system-out/>',
      '    <system-err/>',
      '  </testsuite>',
    );
  });
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

function countAttrs(c: Counts): string {
  return `tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}"`;
}

function pageSuite(page: PageFindings, rules: readonly RuleInfo[]): Suite {
  if (page.error !== null) {
    const body = [testcase(page.url, 'audit', `<error message="${xmlAttr(page.error)}" type="audit">${xmlText(page.error)}</error>`)];
    return { name: page.url, tests: 1, failures: 0, errors: 1, skipped: 0, body, out: [] };
  }
  const byRule = new Map(page.findings.map((f) => [f.rule, f]));
  const errors = new Map(page.ruleErrors.map((e) => [e.rule, e.message]));
  const notApplicable = new Set(page.categories.filter((c: CategoryScore) => !c.applicable).map((c) => c.name));
  const suite: Suite = { name: page.url, tests: 0, failures: 0, errors: 0, skipped: 0, body: [], out: [] };
  for (const rule of rules) {
    suite.tests++;
    const error = errors.get(rule.id);
    const finding = byRule.get(rule.id);
    if (error !== undefined) {
      suite.errors++;
      suite.body.push(testcase(page.url, rule.id, `<error message="${xmlAttr(error)}" type="rule_error">${xmlText(error)}</error>`));
    } else if (finding) {
      addFinding(suite, page.url, rule.id, finding);
    } else if (notApplicable.has(rule.category)) {
      suite.skipped++;
      suite.body.push(testcase(page.url, rule.id, `<skipped message="${xmlAttr(`${rule.category} does not apply to this page`)}"/>`));
    } else {
      suite.body.push(testcase(page.url, rule.id, ''));
    }
  }
  return suite;
}

function siteSuite(report: CiReport): Suite {
  const name = `${report.url} (site-wide files)`;
  const byRule = new Map(report.siteFindings.map((f) => [f.rule, f]));
  const suite: Suite = { name, tests: 0, failures: 0, errors: 0, skipped: 0, body: [], out: [] };
  for (const rule of RULE_CATALOGUE.filter((r) => isSiteRule(r.id))) {
    suite.tests++;
    const finding = byRule.get(rule.id);
    if (finding) addFinding(suite, name, rule.id, finding);
    else suite.body.push(testcase(name, rule.id, ''));
  }
  return suite;
}

/** A failure for a critical or warning issue; a notice passes, listed in the suite's system-out. */
function addFinding(suite: Suite, classname: string, rule: string, f: Finding): void {
  if (f.severity === 'notice') {
    suite.out.push(`notice ${rule}: ${f.title}.${f.detail ? ` ${f.detail}` : ''}`);
    suite.body.push(testcase(classname, rule, ''));
    return;
  }
  suite.failures++;
  suite.body.push(
    testcase(
      classname,
      rule,
      `<failure message="${xmlAttr(f.title)}" type="${f.severity}">${xmlText(f.detail ?? ruleInfo(rule)?.fix ?? f.title)}</failure>`,
    ),
  );
}

function testcase(classname: string, name: string, inner: string): string {
  const open = `    <testcase classname="${xmlAttr(classname)}" name="${xmlAttr(name)}" time="0"`;
  return inner === '' ? `${open}/>` : `${open}>${inner}</testcase>`;
}
