import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSnapshot, gather } from '../../../shared/index.js';
import { llmsTxtLinkTargets, MAX_LLMS_TXT_LINKS } from '../../../shared/gather/llms-txt-links.js';
import { validateLlmsTxt } from '../../../shared/llms-txt/validate.js';
import { textFile, resource } from '../../helpers/snapshot.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { loopbackFetcher } from '../../helpers/loopback-fetcher.js';

const LLMS = `# Site

> Summary.

## Docs

- [Guide](/guide.md): the guide
- [Guide again](/guide.md#top): same page, other fragment
- [Elsewhere](https://docs.example.org/start): another host
- [Broken](not a url)
- [Old page](/old.md)
`;

describe('llmsTxtLinkTargets', () => {
  it('takes well-formed links in file order, absolute, without fragments or repeats', () => {
    const file = textFile('https://example.com/llms.txt', LLMS);
    expect(llmsTxtLinkTargets(file)).toEqual([
      'https://example.com/guide.md',
      'https://docs.example.org/start',
      'https://example.com/old.md',
    ]);
  });

  it(`stops at ${MAX_LLMS_TXT_LINKS} links, and takes none from a missing or HTML file`, () => {
    const many = `# S\n\n## L\n\n${Array.from({ length: 30 }, (_, i) => `- [p${i}](/p${i})`).join('\n')}\n`;
    expect(llmsTxtLinkTargets(textFile('https://example.com/llms.txt', many))).toHaveLength(MAX_LLMS_TXT_LINKS);
    expect(llmsTxtLinkTargets(resource('https://example.com/llms.txt', '<!doctype html><html></html>'))).toEqual([]);
    expect(llmsTxtLinkTargets(null)).toEqual([]);
  });
});

describe('llms.txt validation of stray links', () => {
  it('a broken link in free text is not a link: the file "links to nothing" warning still shows', () => {
    const problems = validateLlmsTxt('# T\n> s\n- [French press](not a url at all\n').problems.map((p) => p.message);
    expect(problems.some((m) => m.includes('links to nothing'))).toBe(true);
    expect(validateLlmsTxt('# T\n> s\nSee [docs](/docs).\n').problems).toEqual([]);
  });
});

describe('gathering llms.txt links over HTTP', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({
      '/': { body: '<!doctype html><html lang="en"><title>t</title><p>Hello</p></html>' },
      '/llms.txt': { body: LLMS, headers: { 'content-type': 'text/markdown' } },
      '/guide.md': { body: '# Guide', headers: { 'content-type': 'text/markdown' } },
    });
  });
  afterAll(() => site.close());

  it('requests each link once and the rule reports the dead ones', async () => {
    const snap = await gather(`${site.url}/`, `${site.url}/`, { fetcher: loopbackFetcher() });
    expect(snap.llmsTxtLinks).toEqual([
      { url: `${site.url}/guide.md`, status: 200 },
      { url: 'https://docs.example.org/start', status: 0, error: 'dns' },
      { url: `${site.url}/old.md`, status: 404 },
    ]);
    expect(site.requests.filter((r) => r.path === '/guide.md')).toHaveLength(1);
    const audit = auditSnapshot(snap, { id: 'x' });
    const issue = audit.issues.find((i) => i.rule === 'llms-txt.links-resolve');
    expect(issue?.severity).toBe('warning');
    expect(issue?.detail).toContain('/old.md (HTTP 404)');
  });
});
