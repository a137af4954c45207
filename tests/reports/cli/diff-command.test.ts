/** `citable diff`: two audit files here, or ids asked of a Citable server; readable or --json. */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../server/cli/main.js';
import { diffAudits } from '../../../shared/diff/audit-diff.js';
import { memoryIo } from '../../cli/cli-io.js';
import { categories, crawler, issue, makeAudit } from '../fixtures/audits.js';
import { startReportApi, type ReportApi } from '../../server/helpers/report-api.js';

const older = makeAudit({
  id: randomUUID(),
  scanned_at: '2026-10-01T09:00:00.000Z',
  score: 80,
  category_scores: categories(80, { Trust: null }),
  issues: [issue('llms-txt.present', 'notice', 'AI Discovery', 'No llms.txt')],
});
const newer = makeAudit({
  id: randomUUID(),
  score: 45,
  category_scores: categories(60),
  issues: [issue('robots.search-agents-blocked', 'critical', 'Crawler Access', 'Search agents blocked')],
  crawlers: [crawler('OAI-SearchBot', 'blocked'), crawler('GPTBot', 'allowed', 'training')],
});

let dir: string;
let api: ReportApi;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'citable-diff-'));
  await writeFile(path.join(dir, 'older.json'), JSON.stringify(older, null, 2));
  await writeFile(path.join(dir, 'newer.json'), JSON.stringify({ audit: newer })); // the API's envelope works too
  await writeFile(path.join(dir, 'junk.json'), '{"not": "an audit"}');
  api = await startReportApi();
  for (const a of [older, newer]) await api.putAudit(a);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await api.closeAll();
});

async function diff(args: string[], env: Record<string, string> = {}) {
  const io = memoryIo(env);
  const code = await main(['diff', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('citable diff', () => {
  it('of two files prints what changed, readably', async () => {
    const { code, out, err } = await diff([path.join(dir, 'older.json'), path.join(dir, 'newer.json')]);
    expect([code, err]).toEqual([0, '']);
    expect(out).toMatch(/^Score {2}80 → 45 {2}-35$/m);
    expect(out).toMatch(/^ {2}Crawler Access\s+80 → 60\s+-20$/m);
    expect(out).toMatch(/^ {2}Trust\s+n\/a → 60\s+not comparable$/m);
    expect(out).toMatch(/^New issues \(1\)\n {2}\+ {2}critical {2}Search agents blocked {2}robots\.search-agents-blocked$/m);
    expect(out).toMatch(/^Fixed issues \(1\)\n {2}- {2}notice\s+No llms\.txt\s+llms-txt\.present$/m);
    expect(out).toMatch(/^ {2}OAI-SearchBot {2}allowed → blocked$/m);
    expect(out).toMatch(/^WebMCP {2}not_found \(unchanged\)$/m);
    expect(out).not.toContain('Sources'); // both scored by the server from the same inputs: no line
  });

  it('says where each audit was scored and which inputs differ, in one line, only when they differ', async () => {
    const inputs = { rendered: false, runtime_webmcp: false, agent_probes: 4, redirect_hops_hidden: false, unread_files: [] };
    const inBrowser = {
      ...older,
      origin: 'extension' as const,
      inputs: { ...inputs, rendered: true, runtime_webmcp: true, agent_probes: 0 },
    };
    const onServer = { ...newer, inputs };
    await writeFile(path.join(dir, 'browser.json'), JSON.stringify(inBrowser));
    await writeFile(path.join(dir, 'server.json'), JSON.stringify(onServer));
    await writeFile(path.join(dir, 'server-again.json'), JSON.stringify({ ...onServer, inputs: { ...inputs, agent_probes: 0 } }));
    const moved = await diff([path.join(dir, 'browser.json'), path.join(dir, 'server.json')]);
    expect(moved.code).toBe(0);
    expect(moved.out).toMatch(
      /^Sources {2}scored by the extension → the server; judged from different inputs: rendered, runtime_webmcp, agent_probes$/m,
    );
    expect(moved.out.match(/Sources/g)).toHaveLength(1);
    const json = await diff([path.join(dir, 'browser.json'), path.join(dir, 'server.json'), '--json']);
    expect(JSON.parse(json.out).sources).toEqual({
      from: 'extension',
      to: 'server',
      inputs_changed: ['rendered', 'runtime_webmcp', 'agent_probes'],
    });
    const sameSide = await diff([path.join(dir, 'server.json'), path.join(dir, 'server-again.json')]);
    expect(sameSide.out).toMatch(/^Sources {2}both scored by the server; judged from different inputs: agent_probes$/m);
  });

  it('speaks German with --lang de or a German LANG, keeps ids and rule ids, and refuses a language it lacks', async () => {
    const files = [path.join(dir, 'older.json'), path.join(dir, 'newer.json')];
    for (const run of [await diff([...files, '--lang', 'de']), await diff(files, { LANG: 'de_DE.UTF-8' })]) {
      expect([run.code, run.err]).toEqual([0, '']);
      expect(run.out).toMatch(/^Citable-Vergleich {2}von /m);
      expect(run.out).toMatch(/^Punktzahl {2}80 → 45 {2}-35$/m);
      expect(run.out).toMatch(/^ {2}Crawler-Zugang\s+80 → 60\s+-20$/m);
      expect(run.out).toMatch(/^ {2}Vertrauen\s+n\/a → 60\s+nicht vergleichbar$/m);
      expect(run.out).toMatch(/^Neue Probleme \(1\)\n {2}\+ {2}Kritisch {2}.+ {2}robots\.search-agents-blocked$/m);
      expect(run.out).toMatch(/^ {2}OAI-SearchBot {2}erlaubt → gesperrt$/m);
      expect(run.out).not.toMatch(/New issues|Categories|unchanged/);
    }
    const english = await diff(files, { LANG: 'C' });
    expect(english.out).toMatch(/^Citable diff {2}from /m);
    const unknown = await diff([...files, '--lang', 'xx']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/--lang takes one of en, de, fr, es, got "xx"/);
  });

  it('--json prints exactly the diff object', async () => {
    const { code, out } = await diff([path.join(dir, 'older.json'), path.join(dir, 'newer.json'), '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(diffAudits(older, newer));
  });

  it('of ids asks the server: one id against the previous audit, two ids older first', async () => {
    const env = { CITABLE_API_URL: api.url, CITABLE_API_KEY: api.key };
    const previous = await diff([newer.id, '--json'], env);
    expect(previous.code).toBe(0);
    expect(JSON.parse(previous.out)).toEqual(diffAudits(older, newer));
    const pair = await diff([newer.id, older.id, '--json'], env); // asked the other way round: newer is "from"
    expect(JSON.parse(pair.out)).toMatchObject({ from: newer.id, to: older.id, score: { delta: 35 } });
    const none = await diff([older.id], env);
    expect(none.code).toBe(2);
    expect(none.err).toBe('citable diff: the server answered 404: No earlier audit of this URL to compare against\n');
  });

  it.each([
    [[], /expects one or two audits/],
    [['a', 'b', 'c'], /expects one or two audits/],
    [['not-an-id'], /neither an audit id/],
    [[randomUUID()], /set CITABLE_API_URL and CITABLE_API_KEY/],
    [['x.json'], /come in pairs/],
    [['missing.json', 'other.json'], /cannot read missing\.json: ENOENT/],
  ])('%j: exit 2 with one clear line', async (args, message) => {
    const { code, err } = await diff(args as string[]);
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('a file that is not an audit says so', async () => {
    const { code, err } = await diff([path.join(dir, 'junk.json'), path.join(dir, 'newer.json')]);
    expect(code).toBe(2);
    expect(err).toMatch(/junk\.json is not an audit/);
  });
});
