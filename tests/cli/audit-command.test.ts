import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, type Audit } from '../../shared/index.js';
import { main } from '../../server/cli/main.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { drip } from '../server/net/hostile-handlers.js';
import { memoryIo, samplePage } from './cli-io.js';

const ALLOW = { AUDIT_ALLOW_PRIVATE: '1' };
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({
    '/': { body: samplePage() },
    '/hostile': {
      body: samplePage('Evil title').replace(
        '</main>',
        '<script>document.modelContext.registerTool({name: "evil\x1b[2J\x1b[31mtool\u202e", description: "d", execute() {}});</script></main>',
      ),
    },
    '/drip': drip(1000),
    '/robots.txt': { body: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n', headers: { 'content-type': 'text/plain' } },
    '/llms.txt': {
      body: '# Brew Notes\n\n> Coffee guides.\n\n## Guides\n\n- [Pour-over](/): how to\n',
      headers: { 'content-type': 'text/markdown' },
    },
    ...Object.fromEntries(
      [0, 1, 2].map((i) => [`/app-${i}.js`, { body: `console.log(${i});`, headers: { 'content-type': 'text/javascript' } }]),
    ),
  });
});
afterAll(() => site.close());

async function audit(args: string[], env: Record<string, string> = ALLOW, tty = false) {
  const io = memoryIo(env, tty);
  const code = await main(['audit', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('citable audit: the report', () => {
  it('prints score, six category bars, issues by severity, builder, crawlers, llms.txt and WebMCP', async () => {
    const { code, out, err } = await audit([`${site.url}/`]);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toContain(`Citable audit of ${site.url}/`);
    expect(out).toMatch(/Score\s+\d{1,3}\/100/);
    for (const name of CATEGORY_NAMES) expect(out).toMatch(new RegExp(`^  ${name}\\s+[█░]{20}\\s+\\d{1,3}$`, 'm'));
    expect(out).toMatch(/Builder\s+\S+/);
    expect(out).toMatch(/^Issues \(/m);
    expect(out).toMatch(/^AI crawlers$/m);
    expect(out).toMatch(/^\s+Agent\s+Purpose\s+robots\.txt\s+Page/m);
    expect(out).toMatch(/^\s+GPTBot\s+training\s+blocked/m);
    expect(out).toMatch(/^\s+OAI-SearchBot\s+search\s+allowed\s+200/m);
    expect(out).toMatch(/^llms\.txt\s+present/m);
    expect(out).toMatch(/^WebMCP\s+not found \(source: none; 3 of 3 scripts scanned/m);
  });

  it('prints issues critical first, each with its advice', async () => {
    const { out } = await audit([`${site.url}/`]);
    const json: Audit = JSON.parse((await audit([`${site.url}/`, '--json'])).out);
    expect(json.issues.length).toBeGreaterThan(0);
    for (const issue of json.issues) expect(out).toContain(issue.title);
    const headings = ['Critical', 'Warnings', 'Notices'].map((h) => out.indexOf(`\n  ${h}\n`)).filter((i) => i >= 0);
    expect(headings).toEqual([...headings].sort((a, b) => a - b));
    const first = json.issues[0]!;
    expect(out).toContain(first.detail.split(' ').slice(0, 4).join(' '));
  });

  it('has no colour codes when stdout is not a terminal', async () => {
    expect((await audit([`${site.url}/`])).out).not.toContain('\x1b[');
  });

  it('colours on a terminal, unless NO_COLOR is set', async () => {
    expect((await audit([`${site.url}/`], ALLOW, true)).out).toContain('\x1b[1m');
    expect((await audit([`${site.url}/`], { ...ALLOW, NO_COLOR: '1' }, true)).out).not.toContain('\x1b[');
  });

  it('strips terminal control sequences the audited site put in its content', async () => {
    const { out, code } = await audit([`${site.url}/hostile`, '--json']);
    expect(code).toBe(0);
    expect(out).toContain('evil\\u001b[2J'); // JSON escapes it: the data as found, harmless
    const report = (await audit([`${site.url}/hostile`])).out;
    expect(report).toContain('evil[2J[31mtool');
    expect(report).not.toMatch(/[\x1b\u202e]/);
  });
});

describe('citable audit --json', () => {
  it('prints exactly the audit object', async () => {
    const { code, out, err } = await audit([`${site.url}/`, '--json']);
    expect(code).toBe(0);
    expect(err).toBe('');
    const parsed = JSON.parse(out) as Audit;
    expect(Object.keys(parsed).sort()).toEqual(
      [
        'builder',
        'category_scores',
        'crawlers',
        'duration_ms',
        'final_url',
        'id',
        'inputs',
        'issues',
        'llms_txt',
        'origin',
        'rendering',
        'rule_errors',
        'scanned_at',
        'score',
        'score_cap',
        'signals',
        'status',
        'url',
      ].sort(),
    );
    expect(parsed.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parsed.url).toBe(`${site.url}/`);
    expect(parsed.origin).toBe('server');
    expect(parsed.category_scores.map((c) => c.name)).toEqual([...CATEGORY_NAMES]);
  });
});

describe('citable audit --fail-under', () => {
  it('exits 1 when the score is below N and 0 when it is not', async () => {
    const { out } = await audit([`${site.url}/`, '--json']);
    const score = (JSON.parse(out) as Audit).score;
    expect((await audit([`${site.url}/`, '--fail-under', String(score + 1), '--json'])).code).toBe(score < 100 ? 1 : 2);
    expect((await audit([`${site.url}/`, '--fail-under', String(score)])).code).toBe(0);
    expect((await audit([`--fail-under=0`, `${site.url}/`])).code).toBe(0);
  });

  it.each(['abc', '-1', '101', '50.5', ''])('rejects --fail-under %j with exit 2', async (n) => {
    const { code, err } = await audit([`${site.url}/`, '--fail-under', n]);
    expect(code).toBe(2);
    expect(err).toMatch(/^citable audit: .*--fail-under.*\n$/);
  });
});

describe('citable audit: exit 2 with one line on stderr when the URL cannot be audited', () => {
  const oneLine = (err: string) => {
    expect(err.endsWith('\n')).toBe(true);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err.startsWith('citable audit: ')).toBe(true);
  };

  it('refuses a private address without AUDIT_ALLOW_PRIVATE=1, sending nothing', async () => {
    const before = site.connections;
    const { code, out, err } = await audit([`${site.url}/`], {});
    expect(code).toBe(2);
    expect(out).toBe('');
    oneLine(err);
    expect(err).toContain('private, loopback, link-local or reserved address');
    expect(err).toContain('AUDIT_ALLOW_PRIVATE=1');
    expect(site.connections).toBe(before);
  });

  it('refuses a special-use name (localhost) without AUDIT_ALLOW_PRIVATE=1, before any lookup', async () => {
    const before = site.connections;
    const { code, out, err } = await audit([`http://localhost:${site.port}/`], {});
    expect(code).toBe(2);
    expect(out).toBe('');
    oneLine(err);
    expect(err).toContain('localhost is a special-use name that never resolves on the public internet');
    expect(err).toContain('AUDIT_ALLOW_PRIVATE=1');
    expect(site.connections).toBe(before);
  });

  // This changed on purpose: the CLI once read only '1' (so 'true' was refused as unset) while
  // the server accepted true/yes/on. Both now read the variable with one parser.
  it.each([['true'], ['yes'], ['ON']])('reads AUDIT_ALLOW_PRIVATE=%s as the server does: on', async (value) => {
    expect((await audit([`${site.url}/`], { AUDIT_ALLOW_PRIVATE: value })).code).toBe(0);
  });

  it.each([['0'], ['off'], ['']])('AUDIT_ALLOW_PRIVATE=%j keeps private addresses refused', async (value) => {
    expect((await audit([`${site.url}/`], { AUDIT_ALLOW_PRIVATE: value })).code).toBe(2);
  });

  it('refuses an AUDIT_ALLOW_PRIVATE it cannot read, naming it, instead of treating it as unset', async () => {
    const { code, err } = await audit([`${site.url}/`], { AUDIT_ALLOW_PRIVATE: 'maybe' });
    expect(code).toBe(2);
    oneLine(err);
    expect(err).toContain('AUDIT_ALLOW_PRIVATE must be 1 or 0');
  });

  it('reports an unreachable host', async () => {
    const closed = await startFixtureSite({});
    const url = `${closed.url}/`;
    await closed.close();
    const { code, err } = await audit([url]);
    expect(code).toBe(2);
    oneLine(err);
    expect(err).toContain('refused the connection');
  });

  it.each([
    ['ftp://example.com/', 'only http and https'],
    ['http://exa mple.com/', 'whitespace'],
    ['http://user:pw@example.com/', 'user name or password'],
  ])('rejects %s', async (url, text) => {
    const { code, err } = await audit([url]);
    expect(code).toBe(2);
    oneLine(err);
    expect(err).toContain(text);
  });

  it('honours AUDIT_DEADLINE_MS', async () => {
    const { code, err } = await audit([`${site.url}/drip`], { ...ALLOW, AUDIT_DEADLINE_MS: '300' });
    expect(code).toBe(2);
    oneLine(err);
    expect(err).toContain('ran out of time');
  });

  it.each([['0'], ['soon'], ['-5']])('rejects AUDIT_DEADLINE_MS=%s', async (value) => {
    const { code, err } = await audit([`${site.url}/`], { ...ALLOW, AUDIT_DEADLINE_MS: value });
    expect(code).toBe(2);
    expect(err).toContain('AUDIT_DEADLINE_MS');
  });

  it.each([[[]], [['a.com', 'b.com']], [['--verbose', 'a.com']]])('rejects arguments %j', async (args) => {
    const { code, err } = await audit(args);
    expect(code).toBe(2);
    oneLine(err);
    expect(err).toContain('Usage: citable audit <url>');
  });
});
