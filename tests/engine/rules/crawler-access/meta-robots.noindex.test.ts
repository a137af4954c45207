import { describe, expect, it } from 'vitest';
import metaRobotsNoindex from '../../../../shared/rules/crawler-access/meta-robots.noindex.js';
import { ARTICLE, PAGE_URL, audit, issue, resource, site } from '../../crawler-access/site.js';
import { judge, NOT_APPLICABLE, testRule } from '../../rule-tester.js';
import { withHead, withHeader, withMeta } from './fixtures.js';

testRule(metaRobotsNoindex, {
  passes: [
    { name: 'index, follow', snapshot: withMeta('<meta name="robots" content="index, follow, max-snippet:-1">') },
    { name: 'noindex addressed to a training-only crawler', snapshot: withMeta('<meta name="GPTBot" content="noindex">') },
    { name: 'noindex for a bot we do not judge', snapshot: withMeta('<meta name="yandex" content="noindex">') },
    { name: 'an X-Robots-Tag for another bot', snapshot: withHeader('otherbot: noindex') },
  ],
  fails: [
    {
      name: '<meta name="robots" content="noindex">',
      snapshot: withMeta('<meta name="robots" content="noindex, follow">'),
      detail: '<meta name="robots">',
    },
    { name: 'none', snapshot: withMeta('<meta name="ROBOTS" content="NONE">') },
    { name: 'the X-Robots-Tag header', snapshot: withHeader('noindex'), detail: 'the X-Robots-Tag header' },
    {
      name: 'an X-Robots-Tag sent only to the AI agents',
      snapshot: site({
        pageAsSearchAgent: resource(PAGE_URL, withHead(''), { headers: { 'content-type': 'text/html', 'x-robots-tag': 'noindex' } }),
      }),
      detail: '(sent to OAI-SearchBot)',
    },
  ],
  partial: [
    {
      name: '<meta name="googlebot">: one bot, half the credit',
      snapshot: withMeta('<meta name="googlebot" content="noindex">'),
      score: 0.5,
      detail: 'googlebot',
    },
    { name: 'X-Robots-Tag googlebot:', snapshot: withHeader('googlebot: noindex, nofollow'), detail: 'X-Robots-Tag: googlebot:' },
    { name: 'an AI search bot named in a meta tag', snapshot: withMeta('<meta name="OAI-SearchBot" content="noindex">'), score: 0.5 },
  ],
  notApplicable: [
    {
      name: 'an error page',
      snapshot: site({ page: resource(PAGE_URL, withHead('<meta name="robots" content="noindex">'), { status: 404 }) }),
    },
  ],
});

describe('meta-robots.noindex in an audit', () => {
  it('is a critical issue', () => {
    const found = issue(audit(withMeta('<meta name="robots" content="noindex, follow">')), 'meta-robots.noindex');
    expect(found?.severity).toBe('critical');
    expect(found?.detail).toContain('<meta name="robots">');
  });
});

describe('agent probes beyond OAI-SearchBot and ChatGPT-User', () => {
  it('an X-Robots-Tag noindex sent only to the training crawler does not make the page noindex', () => {
    const snap = site({
      pageAsTrainingAgent: resource(PAGE_URL, ARTICLE, { headers: { 'content-type': 'text/html', 'x-robots-tag': 'noindex' } }),
    });
    expect(judge(metaRobotsNoindex, snap)).toEqual({ score: 1 });
    const toUser = site({
      pageAsSecondUserAgent: resource(PAGE_URL, ARTICLE, { headers: { 'content-type': 'text/html', 'x-robots-tag': 'noindex' } }),
    });
    const result = judge(metaRobotsNoindex, toUser);
    expect(result === NOT_APPLICABLE ? null : result.detail).toMatch(/sent to Claude-User/);
  });
});
