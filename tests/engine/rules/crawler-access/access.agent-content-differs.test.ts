import { describe, expect, it } from 'vitest';
import accessAgentContentDiffers from '../../../../shared/rules/crawler-access/access.agent-content-differs.js';
import { PAGE_URL, audit, issue, resource, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';

/** `n` words of varied prose: a seeded walk over a vocabulary, so few three-word runs repeat (as in real text). */
function prose(n: number): string {
  const vocabulary =
    'cold brew coffee water grind ratio steep hours fridge filter beans roast jar ice milk taste sweet bitter acid clean batch morning glass paper cloth coarse fine medium dark light strong weak slow fast overnight press pour stir wait serve dilute concentrate flavour aroma body smooth'.split(
      ' ',
    );
  let seed = 7;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.push(vocabulary[seed % vocabulary.length]!);
  }
  return out.join(' ');
}

const article = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Cold brew</title></head><body><article>${body}</article></body></html>`;
const ARTICLE = article(`<h1>Cold brew at home</h1><p>${prose(400)}</p>`);
/** The same article on another day: a date and a view counter changed. */
const SAME_OTHER_DAY = article(`<h1>Cold brew at home</h1><p>${prose(400)}</p><p>Updated 3 May, 1,204 views</p>`);
/** What a site serves bots instead: a stub. */
const STUB = article('<p>Please enable JavaScript to view this site.</p>');
const page = resource(PAGE_URL, ARTICLE);
const as = (html: string) => resource(PAGE_URL, html);

testRule(accessAgentContentDiffers, {
  passes: [
    { name: 'the agents get the page as it is', snapshot: site({ page, pageAsSearchAgent: page, pageAsUserAgent: page }) },
    {
      name: 'a few changed words are the same page',
      snapshot: site({ page, pageAsSearchAgent: as(SAME_OTHER_DAY), pageAsUserAgent: page }),
    },
    {
      name: "a training crawler served a stub is not this rule's concern",
      snapshot: site({ page, pageAsSearchAgent: page, pageAsUserAgent: page, pageAsTrainingAgent: as(STUB) }),
    },
  ],
  partial: [
    {
      name: 'one of two agents gets a stub',
      snapshot: site({ page, pageAsSearchAgent: as(STUB), pageAsUserAgent: page }),
      score: 0.5,
      severity: 'warning',
      detail: [/^OAI-SearchBot: different_content \(HTTP 200, 7 words, similarity 0\.00\), while a browser got 404 words/, /user agent/],
    },
  ],
  fails: [{ name: 'every agent gets a stub', snapshot: site({ page, pageAsSearchAgent: as(STUB), pageAsUserAgent: as(STUB) }) }],
  notApplicable: [
    { name: 'no agent was probed', snapshot: site({ page, pageAsSearchAgent: null, pageAsUserAgent: null }) },
    { name: 'the browser got an error page', snapshot: () => site({ page: resource(PAGE_URL, STUB, { status: 500 }) }) },
  ],
});

describe('access.agent-content-differs in the audit', () => {
  it('the crawler table carries the words and the similarity, and the outcome is different_content', () => {
    const a = audit(site({ page, pageAsSearchAgent: as(STUB), pageAsUserAgent: as(SAME_OTHER_DAY) }));
    const search = a.crawlers.find((c) => c.agent === 'OAI-SearchBot')?.served;
    const user = a.crawlers.find((c) => c.agent === 'ChatGPT-User')?.served;
    expect(search).toEqual({ outcome: 'different_content', http_status: 200, words: 7, similarity: 0 });
    expect(user?.outcome).toBe('ok');
    expect(user?.similarity).toBeGreaterThan(0.9);
    expect(user?.similarity).toBeLessThan(1);
    expect(issue(a, 'access.agent-content-differs')?.severity).toBe('warning');
    expect(issue(a, 'access.edge-refuses-allowed-agent')).toBeUndefined();
  });
});
