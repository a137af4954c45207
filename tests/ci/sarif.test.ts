/**
 * --format sarif: a valid SARIF 2.1.0 log (checked against the official OASIS schema), one result per issue
 * with the rule id, the level from the severity and the page as the location, rule help from the registry,
 * fingerprints that stay the same from run to run, and the github profile's locations, region and cap.
 */
import { describe, expect, it } from 'vitest';
import { GITHUB_MAX_RESULTS, relativeLocation, SARIF_SCHEMA_URI, toSarif } from '../../server/ci/sarif.js';
import { RULE_CATALOGUE, ruleInfo } from '../../server/ci/rule-catalogue.js';
import { auditReport, crawlReport } from '../../server/ci/ci-report.js';
import { auditCi, auditWithIssues, crawlCi, crawlOf, pageOutcome, PAGE, SITE } from './reports.js';
import { sarifProblems } from './sarif-schema.js';

const standard = { profile: 'standard', docsBase: null } as const;
const github = { profile: 'github', docsBase: null } as const;
const runOf = (log: any) => log.runs[0];

describe('SARIF of an audit', () => {
  it('is valid against the OASIS SARIF 2.1.0 schema, in both profiles and with a docs base', () => {
    for (const options of [standard, github, { profile: 'standard', docsBase: 'https://github.com/acme/citable/blob/main/' } as const]) {
      const log = toSarif(auditCi(), options);
      expect(sarifProblems(log)).toEqual([]);
    }
  });

  it('the schema check can fail: a wrong level and an unknown member are refused', () => {
    const log: any = toSarif(auditCi(), standard);
    runOf(log).results[0].level = 'critical';
    runOf(log).results[1].extra = true;
    expect(sarifProblems(log).join('\n')).toMatch(/level[\s\S]*extra/);
  });

  it('one result per issue: ruleId, ruleIndex into the rules, level from the severity, the page URL as location', () => {
    const log: any = toSarif(auditCi(), standard);
    expect(log.$schema).toBe(SARIF_SCHEMA_URI);
    expect(log.version).toBe('2.1.0');
    const run = runOf(log);
    expect(run.results.map((r: any) => [r.ruleId, r.level])).toEqual([
      ['http.status', 'error'],
      ['content.title', 'warning'],
      ['trust.hsts', 'note'],
    ]);
    for (const r of run.results) {
      expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
      expect(r.locations).toEqual([{ physicalLocation: { artifactLocation: { uri: PAGE } } }]);
    }
    expect(run.results[0].message.text).toBe('The page answers with an HTTP error. The page answered 500. Serve it with 200.');
  });

  it('tool.driver.rules: every rule, with its headline, help and default level; a helpUri per rule with a docs base', () => {
    const plain: any = runOf(toSarif(auditCi(), standard)).tool.driver;
    expect(plain.name).toBe('Citable');
    expect(plain.rules.map((r: any) => r.id)).toEqual(RULE_CATALOGUE.map((r) => r.id));
    const title = plain.rules.find((r: any) => r.id === 'content.title');
    expect(title.shortDescription.text).toBe('Missing or weak page title');
    expect(title.defaultConfiguration.level).toBe('warning');
    const rule = ruleInfo('content.title')!;
    expect(title.fullDescription.text).toBe(rule.description);
    expect(title.help.text).toContain(`${rule.description}\n\nHow to fix: ${rule.fix}`);
    expect(title.help.text).toContain('docs/rules.md#content-title');
    expect(title.help.markdown).toContain('`docs/rules.md#content-title`');
    expect(title).not.toHaveProperty('helpUri');
    const linked: any = runOf(toSarif(auditCi(), { profile: 'standard', docsBase: 'https://github.com/acme/citable/blob/main' })).tool
      .driver;
    expect(linked.rules.find((r: any) => r.id === 'trust.hsts').helpUri).toBe(
      'https://github.com/acme/citable/blob/main/docs/rules.md#trust-hsts',
    );
    expect(linked.informationUri).toBe('https://github.com/acme/citable/blob/main/docs/ci.md');
  });

  it('fingerprints: the same issue on the same page keeps its fingerprint; another page or rule changes it', () => {
    const fingerprints = (report: any) => runOf(toSarif(report, standard)).results.map((r: any) => r.partialFingerprints['citable/v1']);
    const first = fingerprints(auditCi());
    expect(fingerprints(auditCi({ score: 10, scanned_at: '2027-01-01T00:00:00.000Z' }))).toEqual(first);
    expect(new Set(first).size).toBe(3);
    const moved = fingerprints(auditCi({ final_url: 'https://client.example/other' }));
    expect(moved.some((f: string) => first.includes(f))).toBe(false);
  });

  it('keeps the scores in the run properties (what --baseline reads back), and rule errors as notifications', () => {
    const report = auditReport(auditWithIssues({ rule_errors: [{ rule: 'content.title', message: 'boom' }] }));
    const run: any = runOf(toSarif(report, standard));
    expect(run.properties.citable).toMatchObject({ kind: 'audit', url: PAGE, score: 44, score_cap: { max: 49 }, audited: 1 });
    expect(run.properties.citable.category_scores).toHaveLength(6);
    expect(run.invocations[0].executionSuccessful).toBe(true);
    expect(run.invocations[0].toolExecutionNotifications).toEqual([
      {
        level: 'error',
        message: { text: `The rule content.title failed on ${PAGE}: boom` },
        associatedRule: { id: 'content.title', index: expect.any(Number) },
      },
    ]);
    expect(run.automationDetails.id).toBe('citable/client.example/');
  });
});

describe('SARIF of a crawl', () => {
  it('one result per page issue; a site-wide rule once, on the start page, counting the pages; failed pages as notifications', () => {
    const outcomes = [
      pageOutcome('/a', [
        { rule: 'content.title', severity: 'warning', category: 'Content Structure' },
        { rule: 'llms-txt.present', severity: 'notice', category: 'AI Discovery' },
      ]),
      pageOutcome('/b', [{ rule: 'llms-txt.present', severity: 'notice', category: 'AI Discovery' }]),
      pageOutcome('/c', [], 'timed out'),
    ];
    const log: any = toSarif(crawlReport(crawlOf(outcomes), outcomes), standard);
    expect(sarifProblems(log)).toEqual([]);
    const run = runOf(log);
    expect(run.results.map((r: any) => [r.ruleId, r.locations[0].physicalLocation.artifactLocation.uri])).toEqual([
      ['content.title', `${SITE}a`],
      ['llms-txt.present', SITE],
    ]);
    expect(run.results[1].message.text).toBe(
      'No llms.txt. The site has no /llms.txt. Publish one. Site-wide: every page shares this file; raised on 2 audited pages.',
    );
    expect(run.results[1].properties).toEqual({ pages: 2 });
    // A crawl page's issue keeps no detail: the rule's fix line says what to do.
    expect(run.results[0].message.text).toBe(`Missing or weak page title. ${ruleInfo('content.title')!.fix}`);
    expect(run.invocations[0].toolExecutionNotifications).toEqual([
      { level: 'warning', message: { text: `${SITE}c could not be audited: timed out` } },
    ]);
    expect(run.properties.citable).toMatchObject({ kind: 'crawl', url: SITE, audited: 2, failed: 1, score: 58 });
  });

  it('a failed crawl is an unsuccessful invocation', () => {
    const log: any = toSarif(crawlReport(crawlOf([], { status: 'failed', error: 'no answer', score: null }), []), standard);
    expect(sarifProblems(log)).toEqual([]);
    expect(runOf(log).invocations[0].executionSuccessful).toBe(false);
  });
});

describe('the github profile (what GitHub code scanning accepts)', () => {
  it('locations are relative references (code scanning refuses http(s) URIs), with a region, the URL in the message', () => {
    const run: any = runOf(toSarif(crawlCi(4), github));
    for (const r of run.results) {
      const { uri } = r.locations[0].physicalLocation.artifactLocation;
      expect(uri).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
      expect(uri).toMatch(/^shop\.example\//);
      expect(r.locations[0].physicalLocation.region).toEqual({ startLine: 1 });
      expect(r.message.text).toContain(` (${new URL(uri.replace(/^shop\.example/, ''), SITE).href}).`);
      expect(Object.keys(r.partialFingerprints)).toEqual(['primaryLocationLineHash']);
      expect(r.partialFingerprints.primaryLocationLineHash).toMatch(/^[0-9a-f]{16}:1$/);
    }
  });

  it('relativeLocation: host, path and query; a port colon escaped; the fragment dropped', () => {
    expect(relativeLocation('https://example.com/')).toBe('example.com/');
    expect(relativeLocation('http://127.0.0.1:8080/a b/c?x=1#top')).toBe('127.0.0.1%3A8080/a%20b/c?x=1');
    expect(relativeLocation('https://[::1]:3000/x')).toBe('[%3A%3A1]%3A3000/x');
  });

  it(`keeps at most ${GITHUB_MAX_RESULTS.toLocaleString('en')} results, critical first, and says how many were left out`, () => {
    const report = crawlCi(13_000); // 13,000 title warnings + 4,334 critical + 1 site notice
    const all: any = runOf(toSarif(report, standard));
    expect(all.results).toHaveLength(13_000 + 4_334 + 1);
    const capped: any = runOf(toSarif(crawlCi(20_000), github));
    expect(capped.results).toHaveLength(GITHUB_MAX_RESULTS);
    const levels = capped.results.map((r: any) => r.level);
    expect(levels.filter((l: string) => l === 'error')).toHaveLength(6_667);
    expect(levels).not.toContain('note');
    expect(capped.properties.citable.results_left_out).toBe(20_000 + 6_667 + 1 - GITHUB_MAX_RESULTS);
    expect(capped.invocations[0].toolExecutionNotifications.at(-1).message.text).toMatch(/^1,668 of 26,668 results left out/);
  });
});
