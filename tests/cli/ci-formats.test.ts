/**
 * `citable audit` in CI against a loopback site: --format (to stdout and files, several at once), --budget
 * (exit 1 with each failed assertion on stderr, exit 2 for a bad budget file), --baseline, --fail-under's
 * message, and the argument mistakes that cost no audit.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit } from '../../shared/types/audit.js';
import { main } from '../../server/cli/main.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { sarifProblems } from '../ci/sarif-schema.js';
import { memoryIo, samplePage } from './cli-io.js';

const ALLOW = { AUDIT_ALLOW_PRIVATE: '1' };
let site: FixtureSite;
let dir: string;
let audit: Audit;

beforeAll(async () => {
  site = await startFixtureSite({ '/': { body: samplePage() } });
  dir = await mkdtemp(path.join(os.tmpdir(), 'citable-ci-'));
  audit = JSON.parse((await run([`${site.url}/`, '--json'])).out);
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(args: string[], env: Record<string, string> = ALLOW) {
  const io = memoryIo(env);
  const code = await main(['audit', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

const file = (name: string) => path.join(dir, name);
async function budgetFile(name: string, content: unknown): Promise<string> {
  await writeFile(file(name), typeof content === 'string' ? content : JSON.stringify(content));
  return file(name);
}

describe('citable audit --format', () => {
  it('sarif to stdout: a valid SARIF 2.1.0 log of the audit, one result per issue', async () => {
    const { code, out, err } = await run([`${site.url}/`, '--format', 'sarif']);
    expect([code, err]).toEqual([0, '']);
    const log = JSON.parse(out);
    expect(sarifProblems(log)).toEqual([]);
    expect(log.runs[0].results.map((r: any) => r.ruleId)).toEqual(audit.issues.map((i) => i.rule));
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe(`${site.url}/`);
  });

  it('several formats from one audit: each --output takes its --format, in order; text to stdout', async () => {
    const args = [`${site.url}/`, '--format', 'sarif', '--output', file('a.sarif'), '--format', 'junit', '--output', file('a.xml')];
    const { code, out, err } = await run([...args, '--format', 'markdown', '--output', file('a.md'), '--format', 'text', '--output', '-']);
    expect(code).toBe(0);
    expect(out).toContain(`Citable audit of ${site.url}/`);
    expect(err).toBe(`SARIF written to ${file('a.sarif')}\nJUnit XML written to ${file('a.xml')}\nMarkdown written to ${file('a.md')}\n`);
    expect(sarifProblems(JSON.parse(await readFile(file('a.sarif'), 'utf8')))).toEqual([]);
    expect(await readFile(file('a.xml'), 'utf8')).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(await readFile(file('a.md'), 'utf8')).toMatch(/^### Citable audit of `http:\/\/127\.0\.0\.1:\d+\/`\n\nScore \*\*\d+\/100\*\*/);
  });

  it('--output with the default format writes the text report, uncoloured; --json is --format json', async () => {
    expect((await run([`${site.url}/`, '--output', file('report.txt')])).out).toBe('');
    const text = await readFile(file('report.txt'), 'utf8');
    expect(text).toContain(`Citable audit of ${site.url}/`);
    expect(text).not.toContain('\x1b[');
    const json = JSON.parse((await run([`${site.url}/`, '--format', 'json'])).out);
    expect(Object.keys(json)).toEqual(Object.keys(audit));
    expect((await run([`${site.url}/`, '--json', '--format', 'json'])).code).toBe(0);
  });

  it('--github sarif profile: relative locations; --baseline: markdown says what changed', async () => {
    const github = JSON.parse((await run([`${site.url}/`, '--format', 'sarif', '--sarif-profile', 'github'])).out);
    expect(github.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe(
      `${new URL(site.url).host.replace(':', '%3A')}/`,
    );
    await writeFile(file('base.json'), JSON.stringify({ ...audit, score: audit.score - 5, issues: audit.issues.slice(1) }));
    const { out } = await run([`${site.url}/`, '--format', 'markdown', '--baseline', file('base.json')]);
    expect(out).toContain(`+5 since the baseline (${audit.score - 5})`);
    expect(out).toContain(`**New issues (1)**\n\n- ${audit.issues[0]!.severity} \`${audit.issues[0]!.rule}\``);
  });
});

describe('citable audit --budget and --fail-under', () => {
  it('a budget that fails: exit 1, each failed assertion on stderr with its figure and limit, the report still printed', async () => {
    const warned = audit.issues.find((i) => i.severity === 'notice')!.rule;
    const failing = audit.issues.find((i) => i.severity === 'warning')!.rule;
    const budget = await budgetFile('fail.json', {
      score: { min: audit.score + 1 },
      rules: { [failing]: 'error', [warned]: 'warn' },
      max_critical: 0,
    });
    const { code, out, err } = await run([`${site.url}/`, '--budget', budget]);
    expect(code).toBe(1);
    expect(out).toContain(`Citable audit of ${site.url}/`);
    expect(err.split('\n')).toEqual([
      'citable audit: budget failed: 2 of 3 assertions',
      `  score.min: ${audit.score} (minimum ${audit.score + 1})`,
      `  rules."${failing}": raised: ${audit.issues.find((i) => i.rule === failing)!.title} (not raised)`,
      'citable audit: budget warnings (not failing):',
      `  rules."${warned}": raised: ${audit.issues.find((i) => i.rule === warned)!.title} (not raised)`,
      '',
    ]);
  });

  it('a budget that is met: exit 0, one line saying so', async () => {
    const budget = await budgetFile('pass.json', { score: { min: audit.score }, max_critical: 0, categories: { Trust: { min: 0 } } });
    const { code, err } = await run([`${site.url}/`, '--format', 'json', '--budget', budget]);
    expect([code, err]).toEqual([0, 'citable audit: budget met: 3 assertions passed\n']);
  });

  it('--fail-under says the score and the threshold on stderr when it fails, nothing when it passes', async () => {
    const failed = await run([`${site.url}/`, '--json', '--fail-under', String(audit.score + 1)]);
    expect([failed.code, failed.err]).toEqual([1, `citable audit: the score ${audit.score} is below --fail-under ${audit.score + 1}\n`]);
    const passed = await run([`${site.url}/`, '--json', '--fail-under', String(audit.score)]);
    expect([passed.code, passed.err]).toEqual([0, '']);
  });

  it.each([
    [
      'an unknown key',
      { score: { min: 1 }, max_criticals: 0 },
      /unknown key "max_criticals": allowed "score", "categories", "rules", "max_critical"/,
    ],
    ['a wrong type', { score: { min: '70' } }, /score\.min must be a whole number from 0 to 100 \(got "70"\)/],
    ['an unknown category', { categories: { Discovery: { min: 1 } } }, /unknown category categories\."Discovery"/],
    ['an unknown rule id', { rules: { 'robots.everything': 'error' } }, /unknown rule id rules\."robots\.everything"/],
    [
      'a bad rule level',
      { rules: { 'content.title': 'fatal' } },
      /rules\."content\.title" must be "error", "warn" or "off" \(got "fatal"\)/,
    ],
    ['JSON that does not parse', '{"score":', /is not valid JSON/],
  ])('a budget file with %s: exit 2 naming the key, and no audit', async (name, content, message) => {
    const budget = await budgetFile(`bad-${name.replace(/\W+/g, '-')}.json`, content);
    const before = site.requests.length;
    const { code, out, err } = await run([`${site.url}/`, '--budget', budget]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(new RegExp(`^citable audit: --budget ${budget.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: `));
    expect(err).toMatch(message);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(site.requests.length).toBe(before);
  });
});

describe('citable audit: CI option mistakes are exit 2 with one line', () => {
  it.each([
    [['--format', 'html'], /--format takes text, json, sarif, junit, markdown \(got "html"\)/],
    [['--json', '--format', 'sarif'], /--json is --format json/],
    [['--format', 'sarif', '--format', 'junit'], /only one format can go to stdout/],
    [['--output', 'a', '--output', 'b'], /2 --output for 1 --format/],
    [['--format', 'sarif', '--output', 'x', '--format', 'junit', '--output', 'x'], /--output x is given twice/],
    [['--sarif-profile', 'gitlab'], /--sarif-profile takes standard or github \(got "gitlab"\)/],
    [['--budget', '/nonexistent/budget.json'], /cannot read --budget \/nonexistent\/budget\.json: ENOENT/],
    [['--baseline', 'x.json'], /--baseline is read by --format markdown/],
    [['--format', 'markdown', '--baseline', '/nonexistent/b.json'], /cannot read --baseline/],
  ])('%j', async (extra, message) => {
    const { code, out, err } = await run([`${site.url}/`, ...extra]);
    expect([code, out]).toEqual([2, '']);
    expect(err).toMatch(/^citable audit: /);
    expect(err).toMatch(message);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
  });

  it('a baseline that is not a Citable output', async () => {
    await writeFile(file('other.json'), '{"hello": 1}');
    const { code, err } = await run([`${site.url}/`, '--format', 'markdown', '--baseline', file('other.json')]);
    expect(code).toBe(2);
    expect(err).toBe(
      `citable audit: --baseline ${file('other.json')} is neither a Citable --json output (an audit or a crawl) nor a Citable SARIF log.\n`,
    );
  });

  it('CITABLE_DOCS_URL that is not a URL', async () => {
    const { code, err } = await run([`${site.url}/`, '--format', 'sarif'], { ...ALLOW, CITABLE_DOCS_URL: 'docs' });
    expect(code).toBe(2);
    expect(err).toMatch(/^citable audit: CITABLE_DOCS_URL must be an http\(s\) URL/);
  });
});
