import { describe, expect, it } from 'vitest';
import { JudgeContext } from '../../../shared/judge/context.js';
import { servedTo } from '../../../shared/crawlers/served.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';
import type { FetchedResource } from '../../../shared/types/index.js';
import { ARTICLE, PAGE_URL, resource, site } from './site.js';
import { CF_CHALLENGE } from '../rules/crawler-access/fixtures.js';

const served = (agent: FetchedResource, page?: FetchedResource) => servedTo(new JudgeContext(site(page ? { page } : {})), agent);
const answer = (status: number, headers: Record<string, string> = {}, body = 'no') =>
  resource(PAGE_URL, body, { status, headers: { 'content-type': 'text/html', ...headers } });

describe('what an agent was served', () => {
  it.each([
    ['ok', answer(200, {}, ARTICLE), 200],
    ['blocked', answer(401), 401],
    ['blocked', answer(403), 403],
    ['blocked', answer(451), 451],
    ['payment_required', answer(402), 402],
    ['challenge', answer(200, {}, CF_CHALLENGE), 200],
    ['challenge', answer(403, { 'cf-mitigated': 'challenge' }), 403],
    ['rate_limited', answer(429, { 'retry-after': '30' }), 429],
    ['rate_limited', answer(503, { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' }), 503],
    ['blocked', answer(429), 429],
    ['blocked', answer(404), 404],
    ['error', answer(503), 503],
    ['error', answer(500), 500],
  ] as const)('%s for HTTP %s', (outcome, agent, status) => {
    expect(served(agent)).toMatchObject({ outcome, http_status: status });
  });

  it.each([
    ['blocked', failedResource(PAGE_URL, 'refused', 'connect ECONNREFUSED 127.0.0.1:9')],
    ['error', failedResource(PAGE_URL, 'refused', 'read ECONNRESET')],
    ['error', failedResource(PAGE_URL, 'timeout', 'no answer in 10 s')],
    ['error', failedResource(PAGE_URL, 'tls', 'certificate has expired')],
  ] as const)('%s for %s without a response', (outcome, agent) => {
    expect(served(agent)).toEqual({ outcome, http_status: null, words: 0, similarity: 0 });
  });

  it('redirected_away: to another site, or to a login the browser was not sent to', () => {
    const hop = [{ url: PAGE_URL, status: 302 }];
    expect(served(resource('https://other.example.net/', ARTICLE, { redirects: hop })).outcome).toBe('redirected_away');
    expect(served(resource('https://example.com/users/sign_in', 'Sign in', { redirects: hop })).outcome).toBe('redirected_away');
    // Another page of the same site is no login: judged by what it holds.
    expect(served(resource('https://www.example.com/blog/post', ARTICLE, { redirects: hop })).outcome).toBe('ok');
    // A redirect not followed (a crawl stays on its host): where its Location points.
    expect(served(answer(302, { location: 'https://sso.example.org/auth' })).outcome).toBe('redirected_away');
  });

  it('different_content below 0.5 only when the browser got a readable page', () => {
    const stub = answer(200, {}, '<html><body><p>Please enable JavaScript</p></body></html>');
    expect(served(stub)).toEqual({ outcome: 'different_content', http_status: 200, words: 3, similarity: 0 });
    expect(served(stub, answer(500, {}, ARTICLE)).outcome).toBe('ok');
    expect(served(stub, answer(403, {}, CF_CHALLENGE)).outcome).toBe('ok');
  });

  it("the same copy: similarity 1 and the browser's words", () => {
    expect(served(resource(PAGE_URL, ARTICLE))).toEqual({ outcome: 'ok', http_status: 200, words: 2, similarity: 1 });
  });

  it('a probe cut at its byte cap is compared with the browser copy cut at the same length', () => {
    const long = `<html><body>${Array.from({ length: 3000 }, (_, i) => `<p>paragraph ${i} says something new</p>`).join('')}</body></html>`;
    const page = resource(PAGE_URL, long);
    const cut = resource(PAGE_URL, long.slice(0, 20_000), { truncated: true });
    const result = served(cut, page);
    expect(result.outcome).toBe('ok');
    expect(result.similarity).toBeGreaterThan(0.99);
    // Its copy is the browser's, character for character, so far as it read: it got the browser's words.
    expect(result.words).toBe(3000 * 5);
  });

  it('two binary bodies are alike when their type and size agree', () => {
    const pdf = (bytes: number) => resource(PAGE_URL, '', { binary: true, bytes, headers: { 'content-type': 'application/pdf' } });
    expect(served(pdf(1000), pdf(1000))).toEqual({ outcome: 'ok', http_status: 200, words: 0, similarity: 1 });
    expect(served(pdf(10), pdf(1000)).outcome).toBe('different_content');
  });
});
