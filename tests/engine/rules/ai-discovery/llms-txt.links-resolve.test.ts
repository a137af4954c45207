import { describe, expect, it } from 'vitest';
import llmsTxtLinksResolve from '../../../../shared/rules/ai-discovery/llms-txt.links-resolve.js';
import { snapshot } from '../../../helpers/snapshot.js';
import type { Snapshot } from '../../../../shared/types/snapshot.js';
import { judge, NOT_APPLICABLE, outcome } from '../../rule-tester.js';

describe('llms-txt.links-resolve', () => {
  const checked = (links: Snapshot['llmsTxtLinks']) => snapshot('<p>x</p>', { llmsTxtLinks: links });

  it('is not applicable when no link was checked', () => {
    expect(judge(llmsTxtLinksResolve, checked(undefined))).toBe(NOT_APPLICABLE);
    expect(judge(llmsTxtLinksResolve, checked([]))).toBe(NOT_APPLICABLE);
  });

  it('passes when every link answers 2xx', () => {
    expect(judge(llmsTxtLinksResolve, checked([{ url: 'https://example.com/a', status: 200 }]))).toEqual({ score: 1 });
  });

  it('gives the share that works and names the broken ones', () => {
    const o = outcome(
      llmsTxtLinksResolve,
      checked([
        { url: 'https://example.com/a', status: 200 },
        { url: 'https://example.com/old.md', status: 404 },
        { url: 'https://docs.example.org/x', status: 0, error: 'dns' },
      ]),
    );
    expect(o.score).toBeCloseTo(1 / 3);
    expect(o.detail).toContain('2 of the 3');
    expect(o.detail).toContain('/old.md (HTTP 404)');
    expect(o.detail).toContain('https://docs.example.org/x (dns)');
  });

  it('does not blame the site for links our own limits stopped', () => {
    expect(judge(llmsTxtLinksResolve, checked([{ url: 'https://example.com/a', status: 0, error: 'deadline' }]))).toBe(NOT_APPLICABLE);
  });
});
