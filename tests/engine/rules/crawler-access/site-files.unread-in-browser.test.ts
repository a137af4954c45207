import { describe, expect, it } from 'vitest';
import siteFilesUnreadInBrowser from '../../../../shared/rules/crawler-access/site-files.unread-in-browser.js';
import { failedResource } from '../../../../shared/gather/failed-resource.js';
import { testRule } from '../../rule-tester.js';
import { audit, crawlerAccessScore, issue, resource, site } from '../../crawler-access/site.js';

const ROBOTS_URL = 'https://example.com/robots.txt';
const refused = (url: string) =>
  failedResource(
    url,
    'cross_origin',
    'the server answered, but the browser does not let the extension read the response: it redirects to another site',
  );

/** What the browser may not read is unknown, never "the site blocks AI agents". */
describe('site files the browser would not let the extension read', () => {
  it('a robots.txt refused by the browser blocks nobody and says it could not be read from the browser', () => {
    const a = audit(site({ robotsTxt: refused(ROBOTS_URL) }));
    expect(issue(a, 'robots.unreachable')).toBeUndefined();
    expect(a.issues.filter((i) => i.severity === 'critical')).toEqual([]);
    expect(a.crawlers.some((c) => c.robots === 'blocked')).toBe(false);
    const notice = issue(a, 'site-files.unread-in-browser');
    expect(notice).toMatchObject({ severity: 'notice', title: 'robots.txt could not be read from the browser' });
    expect(notice?.detail).toContain(ROBOTS_URL);
    expect(notice?.detail).not.toMatch(/disallow|blocked/i);
    // Informational: the same as a site whose robots.txt was never asked for.
    expect(crawlerAccessScore(a)).toBe(crawlerAccessScore(audit(site())));
  });

  it('names a refused sitemap too, and stays silent when every file was read', () => {
    const a = audit(site({ robots: 'User-agent: *\nAllow: /\n', sitemap: refused('https://cdn.example.net/sitemap.xml') }));
    expect(issue(a, 'site-files.unread-in-browser')).toMatchObject({ title: 'Some site files could not be read from the browser' });
    expect(issue(a, 'site-files.unread-in-browser')?.detail).toContain('https://cdn.example.net/sitemap.xml');
    const fine = audit(site({ robots: 'User-agent: *\nAllow: /\n', sitemap: resource('https://example.com/sitemap.xml', '<urlset/>') }));
    expect(issue(fine, 'site-files.unread-in-browser')).toBeUndefined();
  });

  it('a robots.txt that is really unreachable (network) is still the critical complete disallow', () => {
    const a = audit(site({ robotsTxt: failedResource(ROBOTS_URL, 'network', 'Failed to fetch') }));
    expect(issue(a, 'robots.unreachable')?.severity).toBe('critical');
    expect(issue(a, 'site-files.unread-in-browser')).toBeUndefined();
  });
});

testRule(siteFilesUnreadInBrowser, {
  fails: [
    {
      name: 'a robots.txt the browser refused: a notice with its own headline, naming the file',
      snapshot: () => site({ robotsTxt: refused(ROBOTS_URL) }),
      severity: 'notice',
      title: 'robots.txt could not be read from the browser',
      detail: [ROBOTS_URL, 'Its rules are unknown'],
    },
    {
      name: 'a refused sitemap and llms.txt, named together',
      snapshot: () =>
        site({ sitemap: refused('https://cdn.example.net/sitemap.xml'), llmsTxt: refused('https://cdn.example.net/llms.txt') }),
      title: 'Some site files could not be read from the browser',
      detail: [
        'https://cdn.example.net/sitemap.xml, https://cdn.example.net/llms.txt',
        'read them',
        'The checks that need them were left out',
      ],
    },
  ],
  notApplicable: [{ name: 'every site file was read (or plainly missing)', snapshot: site({ robots: 'User-agent: *\nAllow: /\n' }) }],
});
