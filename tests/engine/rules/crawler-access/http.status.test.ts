import { describe, expect, it } from 'vitest';
import httpStatus from '../../../../shared/rules/crawler-access/http.status.js';
import { PAGE_URL, audit, issue, resource, site } from '../../crawler-access/site.js';
import { outcome, testRule } from '../../rule-tester.js';
import { notFoundForEveryone } from './fixtures.js';

describe('http.status, not challenge.ai-agents-blocked', () => {
  it('a 404 for everyone is not a challenge, but an HTTP error', () => {
    expect(outcome(httpStatus, notFoundForEveryone()).score).toBe(0);
  });
});

describe('http.status in an audit', () => {
  it.each([404, 410, 500, 503])('HTTP %i is critical', (status) => {
    expect(issue(audit(site({ page: resource(PAGE_URL, 'x', { status }) })), 'http.status')?.severity).toBe('critical');
  });
});

testRule(httpStatus, {
  passes: [{ name: 'HTTP 200', snapshot: site() }],
  fails: [404, 410, 500, 503].map((status) => ({
    name: `HTTP ${status}`,
    snapshot: site({ page: resource(PAGE_URL, 'x', { status }) }),
    detail: `HTTP ${status}`,
  })),
  partial: [
    {
      name: 'a final 3xx is only a warning',
      snapshot: site({ page: resource(PAGE_URL, '', { status: 304 }) }),
      score: 0.5,
      severity: 'warning',
    },
  ],
});
