/**
 * --format junit: well-formed XML in the shape CI servers read (the Ant junit task's format as Jenkins'
 * junit-10.xsd and the Ant schema describe it), one test case per rule per page, failures for critical and
 * warning issues, notices passing (listed in system-out), n/a categories skipped, rule errors as errors.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { toJunit } from '../../server/ci/junit.js';
import { auditReport, crawlReport } from '../../server/ci/ci-report.js';
import { RULE_CATALOGUE, ruleInfo } from '../../server/ci/rule-catalogue.js';
import { isSiteRule } from '../../shared/crawl/site-findings.js';
import { auditCi, auditWithIssues, crawlOf, pageOutcome, PAGE, SITE } from './reports.js';

function parse(xml: string): Document {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const attrs = (el: Element) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));
const children = (el: Element) => [...el.children].map((c) => c.tagName);

/** What both schemas ask: the attributes they declare (and require), the children in their order. */
function expectSchemaShape(doc: Document): void {
  const root = doc.documentElement;
  expect(root.tagName).toBe('testsuites');
  expect(Object.keys(attrs(root)).every((a) => ['name', 'time', 'tests', 'failures', 'errors'].includes(a))).toBe(true);
  for (const suite of root.children) {
    expect(suite.tagName).toBe('testsuite');
    const a = attrs(suite);
    for (const required of ['name', 'tests', 'failures', 'errors', 'timestamp', 'hostname', 'time', 'package', 'id'])
      expect(a).toHaveProperty(required);
    expect(a.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/); // Ant: no time zone
    for (const n of ['tests', 'failures', 'errors', 'skipped', 'id']) expect(a[n]).toMatch(/^\d+$/);
    const kids = children(suite);
    expect(kids[0]).toBe('properties');
    expect(kids.slice(-2)).toEqual(['system-out', 'system-err']);
    const cases = [...suite.children].filter((c) => c.tagName === 'testcase');
    expect(kids.slice(1, -2).every((k) => k === 'testcase')).toBe(true);
    expect(Number(a.tests)).toBe(cases.length);
    expect(Number(a.failures)).toBe(cases.filter((c) => c.querySelector('failure')).length);
    expect(Number(a.errors)).toBe(cases.filter((c) => c.querySelector('error')).length);
    expect(Number(a.skipped)).toBe(cases.filter((c) => c.querySelector('skipped')).length);
    for (const c of cases) {
      expect(Object.keys(attrs(c)).sort()).toEqual(['classname', 'name', 'time']);
      expect(c.children.length).toBeLessThanOrEqual(1); // Ant: one of skipped, error, failure
      for (const outcome of c.children) {
        expect(['skipped', 'error', 'failure']).toContain(outcome.tagName);
        if (outcome.tagName !== 'skipped') expect(outcome.getAttribute('type')).toBeTruthy();
      }
    }
  }
}

describe('JUnit XML of an audit', () => {
  it('one suite for the page, one case per rule: failures for critical and warning, the notice passing', () => {
    const doc = parse(toJunit(auditCi()));
    expectSchemaShape(doc);
    const suites = doc.getElementsByTagName('testsuite');
    expect(suites).toHaveLength(1);
    expect(suites[0]!.getAttribute('name')).toBe(PAGE);
    const cases = [...doc.getElementsByTagName('testcase')];
    expect(cases.map((c) => c.getAttribute('name'))).toEqual(RULE_CATALOGUE.map((r) => r.id));
    const failure = (rule: string) => cases.find((c) => c.getAttribute('name') === rule)!.querySelector('failure');
    expect(attrs(failure('http.status')!)).toEqual({ message: 'The page answers with an HTTP error', type: 'critical' });
    expect(failure('http.status')!.textContent).toBe('The page answered 500. Serve it with 200.');
    expect(failure('content.title')!.getAttribute('type')).toBe('warning');
    expect(failure('trust.hsts')).toBeNull();
    expect(suites[0]!.querySelector('system-out')!.textContent).toBe(
      'notice trust.hsts: No HTTP Strict Transport Security. Send Strict-Transport-Security.',
    );
    expect(doc.documentElement.getAttribute('failures')).toBe('2');
  });

  it('a category that does not apply skips its rules; a rule that threw is an error', () => {
    const report = auditReport(
      auditWithIssues({
        category_scores: auditWithIssues().category_scores.map((c) => (c.name === 'Rendering' ? { ...c, applicable: false } : c)),
        rule_errors: [{ rule: 'json-ld.present', message: 'Cannot read properties of undefined' }],
      }),
    );
    const doc = parse(toJunit(report));
    expectSchemaShape(doc);
    const rendering = RULE_CATALOGUE.filter((r) => r.category === 'Rendering').map((r) => r.id);
    const skipped = [...doc.querySelectorAll('testcase')].filter((c) => c.querySelector('skipped')).map((c) => c.getAttribute('name'));
    expect(skipped).toEqual(rendering);
    const error = [...doc.querySelectorAll('testcase')].find((c) => c.getAttribute('name') === 'json-ld.present')!.querySelector('error')!;
    expect(attrs(error)).toEqual({ message: 'Cannot read properties of undefined', type: 'rule_error' });
  });

  it('escapes what the site wrote: markup, quotes, line breaks and characters XML cannot hold', () => {
    const nasty = 'Title <script>alert("x")</script> & \'more\'\nline\u0000\u001b[31m\ud800';
    const report = auditReport(
      auditWithIssues({
        issues: [{ rule: 'content.title', severity: 'warning', category: 'Content Structure', title: nasty, detail: nasty, position: 0 }],
      }),
    );
    const doc = parse(toJunit(report));
    const failure = doc.querySelector('failure')!;
    expect(failure.getAttribute('message')).toBe('Title <script>alert("x")</script> & \'more\'\nline[31m');
    expect(failure.textContent).toBe('Title <script>alert("x")</script> & \'more\'\nline[31m');
    expect(doc.querySelector('script')).toBeNull();
  });
});

describe('JUnit XML of a crawl', () => {
  it('a suite per page (page rules only), a suite for the site-wide rules, an errored case for a page not audited', () => {
    const outcomes = [
      pageOutcome('/a', [
        { rule: 'content.title', severity: 'warning', category: 'Content Structure' },
        { rule: 'llms-txt.present', severity: 'notice', category: 'AI Discovery' },
      ]),
      pageOutcome('/b', [], 'timed out after 45 s'),
    ];
    const doc = parse(toJunit(crawlReport(crawlOf(outcomes), outcomes)));
    expectSchemaShape(doc);
    const suites = [...doc.querySelectorAll('testsuite')];
    expect(suites.map((s) => s.getAttribute('name'))).toEqual([`${SITE}a`, `${SITE}b`, `${SITE} (site-wide files)`]);
    const pageRules = RULE_CATALOGUE.filter((r) => !isSiteRule(r.id)).map((r) => r.id);
    const title = [...suites[0]!.querySelectorAll('testcase')].find((c) => c.getAttribute('name') === 'content.title')!;
    expect(title.querySelector('failure')!.textContent).toBe(ruleInfo('content.title')!.fix); // a crawl page keeps no detail
    expect([...suites[0]!.querySelectorAll('testcase')].map((c) => c.getAttribute('name'))).toEqual(pageRules);
    expect(
      [...suites[1]!.querySelectorAll('testcase')].map((c) => [c.getAttribute('name'), c.querySelector('error')?.getAttribute('message')]),
    ).toEqual([['audit', 'timed out after 45 s']]);
    const site = [...suites[2]!.querySelectorAll('testcase')].map((c) => c.getAttribute('name'));
    expect(site).toEqual(RULE_CATALOGUE.filter((r) => isSiteRule(r.id)).map((r) => r.id));
    expect(suites[2]!.querySelector('system-out')!.textContent).toBe(
      'notice llms-txt.present: No llms.txt. The site has no /llms.txt. Publish one.',
    );
    expect(doc.documentElement.getAttribute('tests')).toBe(String(pageRules.length + 1 + site.length));
  });
});
