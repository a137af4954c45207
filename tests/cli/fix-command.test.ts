/**
 * `citable fix` through main(): from a URL audited here, from an audit file, and from a server's audit and crawl;
 * the files it writes, what it prints, and its argument errors.
 */
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/cli/main.js';
import { fixListSchema } from '../../shared/schema/fixes.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { fixesSite, FIXES_ROBOTS } from '../fixtures/sites/fixes-site.js';
import { ARTICLE_PATH } from '../fixtures/sites/good-article.js';
import { startCrawlApi, waitForCrawl } from '../crawls/helpers/crawl-api.js';
import type { TestApi } from '../server/helpers/test-api.js';
import { memoryIo } from './cli-io.js';

const ENV = { AUDIT_ALLOW_PRIVATE: '1' };
let site: FixtureSite;
let page: string;
const tempDir = () => mkdtemp(path.join(tmpdir(), 'citable-fix-'));

beforeAll(async () => {
  site = await startFixtureSite(fixesSite);
  page = `${site.url}${ARTICLE_PATH}`;
});
afterAll(() => site?.close());

async function listTree(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('citable fix', () => {
  it('audits the page, writes the fixes tree and says what each file fixes', async () => {
    const out = path.join(await tempDir(), 'fixes');
    const io = memoryIo(ENV);
    expect(await main(['fix', page, '--out', out], io)).toBe(0);
    const tree = await listTree(out);
    expect(tree).toEqual(
      expect.arrayContaining([
        'site/robots.txt',
        'site/llms.txt',
        'site/llms-full.txt',
        'site/guides/pour-over-coffee.md',
        'site/.well-known/api-catalog',
        'snippets/guides-pour-over-coffee-head-tags.html',
        'snippets/guides-pour-over-coffee-json-ld-structured-data.html',
        'config/nginx.conf',
        'config/cloudflare-worker.js',
        'config/middleware.ts',
        'fixes.json',
      ]),
    );
    const robots = await readFile(path.join(out, 'site/robots.txt'), 'utf8');
    for (const line of FIXES_ROBOTS.split('\n').filter(Boolean)) expect(robots).toContain(line);
    expect(io.out()).toMatch(/robots\.txt {2}site\/robots\.txt · publish at \/robots\.txt\n {2}fixes: robots\.search-agents-blocked/);
    const json = fixListSchema.parse(JSON.parse(await readFile(path.join(out, 'fixes.json'), 'utf8')));
    expect(json.fixes.map((f) => f.title)).toContain('llms.txt');
  });

  it('prints the fixes as JSON, writing nothing without --out, under the policy asked', async () => {
    const cwd = process.cwd();
    const io = memoryIo(ENV);
    expect(await main(['fix', page, '--json', '--policy', 'block-training'], io)).toBe(0);
    const { fixes } = fixListSchema.parse(JSON.parse(io.out()));
    expect(fixes.find((f) => f.path === '/robots.txt')!.content).toMatch(/User-agent: ClaudeBot\n[\s\S]*Disallow: \//);
    expect(await readdir(cwd)).not.toContain('citable-fixes');
  });

  it('builds the fixes of an audit file from the site as it answers now', async () => {
    const dir = await tempDir();
    const auditIo = memoryIo(ENV);
    expect(await main(['audit', page, '--json'], auditIo)).toBe(0);
    await writeFile(path.join(dir, 'audit.json'), auditIo.out());
    const io = memoryIo(ENV);
    expect(await main(['fix', '--from', path.join(dir, 'audit.json'), '--json'], io)).toBe(0);
    expect(JSON.parse(io.out()).fixes.map((f: { title: string }) => f.title)).toContain('robots.txt');
  });

  it('refuses wrong arguments with one line and exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['fix'], /give one URL, or one of --from, --audit and --crawl/],
      [['fix', page, '--from', 'a.json'], /give one URL, or one of/],
      [['fix', page, '--policy', 'all'], /--policy must be one of keep-training-choices, allow-all, block-training/],
      [['fix', '--audit', 'nope'], /--audit takes an id/],
      [
        ['fix', '--crawl', '00000000-0000-4000-8000-000000000000'],
        /--crawl reads a Citable server: set CITABLE_API_URL and CITABLE_API_KEY/,
      ],
      [['fix', '--from', '/nonexistent/audit.json'], /cannot read \/nonexistent\/audit\.json/],
      [['fix', 'ftp://example.com'], /only http and https URLs can be audited/],
    ];
    for (const [args, message] of cases) {
      const io = memoryIo(ENV);
      expect(await main(args, io), args.join(' ')).toBe(2);
      expect(io.err()).toMatch(new RegExp(`^citable fix: ${message.source}`));
    }
  });

  describe('from a server', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startCrawlApi();
    });
    afterAll(() => api?.close({ removeData: true }));

    it("writes a crawl's fixes, llms.txt listing every page it audited", async () => {
      const created = await api.request('POST', '/api/v1/crawls', { body: { url: site.url, max_pages: 10 } });
      await waitForCrawl(api, created.json.crawl.id);
      const out = await tempDir();
      const io = memoryIo({ CITABLE_API_URL: api.url, CITABLE_API_KEY: api.key });
      expect(await main(['fix', '--crawl', created.json.crawl.id, '--out', out], io)).toBe(0);
      const llms = await readFile(path.join(out, 'site/llms.txt'), 'utf8');
      for (const p of ['/', '/guides', '/about', '/contact', ARTICLE_PATH]) expect(llms).toContain(`](${site.url}${p})`);
      const unknown = memoryIo({ CITABLE_API_URL: api.url, CITABLE_API_KEY: api.key });
      expect(await main(['fix', '--audit', '00000000-0000-4000-8000-000000000000'], unknown)).toBe(2);
      expect(unknown.err()).toContain('no audit with id 00000000-0000-4000-8000-000000000000');
    });
  });
});
