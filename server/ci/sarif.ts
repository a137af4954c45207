/**
 * `--format sarif`: a SARIF 2.1.0 log (OASIS), one result per issue: `ruleId` the rule's id, `level` from
 * its severity, the page URL as the artifact location, and a fingerprint (rule and page) that stays the
 * same from run to run, so a code scanning alert stays one alert until the issue is fixed.
 *
 * `github` profile: GitHub code scanning refuses absolute http(s) locations (it maps every location to a
 * file of the repository), so the page is written as the relative reference `host/path?query` (a port's
 * colon escaped) with a region on line 1, the full URL in the message, the fingerprint under the name
 * GitHub reads, and at most 25,000 results (GitHub's limit per run), critical ones first.
 */
import { createHash } from 'node:crypto';
import type { CiReport, Finding } from './ci-report.js';
import { ruleIndex, ruleInfo } from './rule-catalogue.js';
import { sarifLevel, sarifRules } from './sarif-rules.js';
import { CITABLE_VERSION } from './tool.js';

export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
export const SARIF_PROFILES = ['standard', 'github'] as const;
export type SarifProfile = (typeof SARIF_PROFILES)[number];
/** GitHub code scanning rejects a run with more results than this. */
export const GITHUB_MAX_RESULTS = 25_000;
/** Pages that could not be audited, listed one by one as notifications; the rest are counted. */
const MAX_PAGE_NOTIFICATIONS = 100;

export interface SarifOptions {
  profile: SarifProfile;
  /** Where docs/ is published (a `helpUri` per rule); null: the help names the file in the repository. */
  docsBase: string | null;
}

interface Located {
  finding: Finding;
  url: string;
  /** Pages with the finding, for a crawl's site-wide finding; null for a page's own. */
  sitePages: number | null;
}

export function toSarif(report: CiReport, options: SarifOptions): object {
  const located = locatedFindings(report);
  const kept = options.profile === 'github' ? keepForGithub(located) : located;
  const notifications = [...pageNotifications(report), ...ruleErrorNotifications(report)];
  if (kept.length < located.length) {
    notifications.push({
      level: 'warning',
      message: {
        text: `${(located.length - kept.length).toLocaleString('en')} of ${located.length.toLocaleString('en')} results left out: GitHub code scanning accepts at most ${GITHUB_MAX_RESULTS.toLocaleString('en')} per run (critical ones were kept first).`,
      },
    });
  }
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: driver(options.docsBase) },
        automationDetails: { id: `citable/${siteKey(report.url)}/` },
        invocations: [invocation(report, notifications)],
        results: kept.map((l) => result(l, options.profile)),
        properties: { citable: summaryProperties(report, located.length - kept.length) },
      },
    ],
  };
}

function driver(docsBase: string | null): object {
  return {
    name: 'Citable',
    semanticVersion: CITABLE_VERSION,
    ...(docsBase ? { informationUri: new URL('docs/ci.md', docsBase.endsWith('/') ? docsBase : `${docsBase}/`).href } : {}),
    rules: sarifRules(docsBase),
  };
}

function locatedFindings(report: CiReport): Located[] {
  const out: Located[] = [];
  for (const page of report.pages ?? []) for (const finding of page.findings) out.push({ finding, url: page.url, sitePages: null });
  const pages = new Map(report.issues.map((i) => [i.rule, i.pages]));
  for (const finding of report.siteFindings) out.push({ finding, url: report.url, sitePages: pages.get(finding.rule) ?? 0 });
  return out;
}

const SEVERITY_ORDER = { critical: 0, warning: 1, notice: 2 } as const;

function keepForGithub(located: Located[]): Located[] {
  if (located.length <= GITHUB_MAX_RESULTS) return located;
  return located
    .map((l, i) => ({ l, i }))
    .sort((a, b) => SEVERITY_ORDER[a.l.finding.severity] - SEVERITY_ORDER[b.l.finding.severity] || a.i - b.i)
    .slice(0, GITHUB_MAX_RESULTS)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.l);
}

function result({ finding, url, sitePages }: Located, profile: SarifProfile): object {
  const hash = createHash('sha256').update(`${finding.rule}\n${url}`).digest('hex');
  const site =
    sitePages === null ? '' : ` Site-wide: every page shares this file; raised on ${sitePages} audited page${sitePages === 1 ? '' : 's'}.`;
  const github = profile === 'github';
  // Code scanning shows a relative location as a path: the message then says which URL.
  const where = github ? ` (${url})` : '';
  return {
    ruleId: finding.rule,
    ...(ruleIndex(finding.rule) >= 0 ? { ruleIndex: ruleIndex(finding.rule) } : {}),
    level: sarifLevel(finding.severity),
    message: { text: `${finding.title}${where}.${advice(finding)}${site}` },
    locations: [
      {
        physicalLocation: github
          ? { artifactLocation: { uri: relativeLocation(url) }, region: { startLine: 1 } }
          : { artifactLocation: { uri: url } },
      },
    ],
    // GitHub matches alerts across runs by primaryLocationLineHash (computed from the file when absent, and
    // a page is no file of the repository): here the rule and the page.
    partialFingerprints: github ? { primaryLocationLineHash: `${hash.slice(0, 16)}:1` } : { 'citable/v1': hash.slice(0, 32) },
    ...(sitePages !== null ? { properties: { pages: sitePages } } : {}),
  };
}

/** What was found and what to do; for a crawl page (whose issue keeps no detail) the rule's fix line. */
function advice(finding: Finding): string {
  const text = finding.detail ?? ruleInfo(finding.rule)?.fix;
  return text ? ` ${text}` : '';
}

/** `https://example.com:8443/a b?q` -> `example.com%3A8443/a%20b?q`: a relative reference code scanning takes as a path. */
export function relativeLocation(pageUrl: string): string {
  const url = new URL(pageUrl);
  return `${url.host.replace(/:/g, '%3A')}${url.pathname}${url.search}`;
}

function siteKey(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'site';
  }
}

function invocation(report: CiReport, notifications: object[]): object {
  return {
    executionSuccessful: report.status !== 'failed',
    ...(report.startedAt ? { startTimeUtc: report.startedAt } : {}),
    ...(report.finishedAt ? { endTimeUtc: report.finishedAt } : {}),
    ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
  };
}

function pageNotifications(report: CiReport): object[] {
  const failed = (report.pages ?? []).filter((p) => p.error !== null);
  const listed = failed.slice(0, MAX_PAGE_NOTIFICATIONS).map((p) => ({
    level: 'warning',
    message: { text: `${p.url} could not be audited: ${p.error}` },
  }));
  if (failed.length > listed.length) {
    listed.push({ level: 'warning', message: { text: `${failed.length - listed.length} more pages could not be audited.` } });
  }
  return listed;
}

function ruleErrorNotifications(report: CiReport): object[] {
  return (report.pages ?? []).flatMap((p) =>
    p.ruleErrors.map((e) => ({
      level: 'error',
      message: { text: `The rule ${e.rule} failed on ${p.url}: ${e.message}` },
      associatedRule: { id: e.rule, index: ruleIndex(e.rule) },
    })),
  );
}

/** What a later run compares against (`--baseline`): the scores, as the JSON output has them. */
function summaryProperties(report: CiReport, leftOut: number): object {
  return {
    kind: report.kind,
    url: report.url,
    status: report.status,
    score: report.score,
    score_cap: report.scoreCap,
    category_scores: report.categories,
    audited: report.audited,
    failed: report.failed,
    ...(leftOut > 0 ? { results_left_out: leftOut } : {}),
  };
}
