/**
 * llms.txt v2 discovery: a page names the llms.txt that covers it with rel="describedby" (a <link> element or
 * the HTTP Link header), and a subpath file covers the pages under its path. A docs section or a project site
 * that publishes its own file this way is judged by that file, not called "missing" for want of /llms.txt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSnapshot } from '../../../shared/audit/audit-snapshot.js';
import { gather } from '../../../shared/gather/gather.js';
import { describedLlmsTxtUrl } from '../../../shared/llms-txt/discovery.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { loopbackFetcher } from '../../helpers/loopback-fetcher.js';
import { resource, snapshot, textFile } from '../../helpers/snapshot.js';

const PAGE = 'https://example.com/docs/guide/start';
const link = (href: string, rel = 'describedby') => ({ rel: [rel], href: new URL(href, PAGE).href });

describe('describedLlmsTxtUrl', () => {
  it('takes a same-origin llms.txt named by rel="describedby", from the Link header before the HTML', () => {
    expect(describedLlmsTxtUrl(PAGE, undefined, [link('/docs/llms.txt')])).toBe('https://example.com/docs/llms.txt');
    expect(describedLlmsTxtUrl(PAGE, '</docs/guide/llms.txt>; rel="describedby"', [link('/docs/llms.txt')])).toBe(
      'https://example.com/docs/guide/llms.txt',
    );
  });

  it('leaves out /llms.txt itself (fetched anyway), other origins, other files and other relations', () => {
    expect(describedLlmsTxtUrl(PAGE, undefined, [link('/llms.txt')])).toBeNull();
    expect(describedLlmsTxtUrl(PAGE, undefined, [link('https://other.example/docs/llms.txt')])).toBeNull();
    expect(describedLlmsTxtUrl(PAGE, undefined, [link('/docs/openapi.json')])).toBeNull();
    expect(describedLlmsTxtUrl(PAGE, undefined, [link('/docs/llms.txt', 'alternate')])).toBeNull();
    expect(describedLlmsTxtUrl(PAGE, '</docs/llms.txt>; rel="describedby"', [])).toBe('https://example.com/docs/llms.txt');
  });
});

const SCOPED = '# Example docs\n\n> The guides.\n\n## Guides\n\n- [Start](https://example.com/docs/guide/start.md): first steps\n';

describe('the audit judges the file the page names', () => {
  const rule = (audit: ReturnType<typeof auditSnapshot>, id: string) => audit.issues.find((i) => i.rule === id);

  it('no /llms.txt at the root, a valid subpath file named by the page: present, valid, its URL in llms_txt', () => {
    const snap = snapshot('<p>x</p>', { requestedUrl: PAGE, describedLlmsTxt: textFile('https://example.com/docs/llms.txt', SCOPED) });
    const audit = auditSnapshot(snap, { id: 'a' });
    expect(audit.llms_txt).toEqual({
      status: 'present',
      valid: true,
      problems: expect.any(Array),
      url: 'https://example.com/docs/llms.txt',
    });
    expect(rule(audit, 'llms-txt.present')).toBeUndefined();
    expect(rule(audit, 'llms-txt.valid')).toBeUndefined();
  });

  it('a named file that is not there: /llms.txt is judged as before, and llms_txt has no url', () => {
    const gone = resource('https://example.com/docs/llms.txt', 'Not found', { status: 404 });
    const audit = auditSnapshot(snapshot('<p>x</p>', { requestedUrl: PAGE, describedLlmsTxt: gone }), { id: 'b' });
    expect(audit.llms_txt.status).toBe('missing');
    expect(audit.llms_txt.url).toBeUndefined();
    expect(rule(audit, 'llms-txt.present')).toBeDefined();
  });
});

describe('gather fetches the named file once', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite((origin) => ({
      '/docs/start': {
        body: `<!doctype html><title>Start</title><link rel="describedby" href="/docs/llms.txt"><p>Hello</p>`,
        headers: { 'content-type': 'text/html' },
      },
      '/docs/llms.txt': { body: SCOPED.replaceAll('https://example.com', origin), headers: { 'content-type': 'text/markdown' } },
    }));
  });
  afterAll(() => site.close());

  it('into describedLlmsTxt, with the Accept header of /llms.txt', async () => {
    const snap = await gather(`${site.url}/docs/start`, `${site.url}/docs/start`, { fetcher: loopbackFetcher() });
    expect(snap.describedLlmsTxt?.status).toBe(200);
    const asked = site.requests.filter((r) => r.path === '/docs/llms.txt');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers.accept).toContain('text/markdown');
    expect(auditSnapshot(snap, { id: 'c' }).llms_txt).toMatchObject({ status: 'present', valid: true, url: `${site.url}/docs/llms.txt` });
  });
});
