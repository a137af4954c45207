import { describe, expect, it } from 'vitest';
import optoutContentSignalTrain from '../../../../shared/rules/crawler-access/optout.content-signal-train.js';
import { audit, crawlerAccessScore, issue, site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { SEARCH_YES_TRAIN_NO } from './fixtures.js';

testRule(optoutContentSignalTrain, {
  fails: [{ name: 'ai-train=no', snapshot: site({ robots: SEARCH_YES_TRAIN_NO }) }],
  notApplicable: [{ name: 'no robots.txt', snapshot: site() }],
});

describe('Content-Signal in an audit', () => {
  it('ai-train=no is a notice with no score change', () => {
    const a = audit(site({ robots: SEARCH_YES_TRAIN_NO }));
    expect(issue(a, 'optout.content-signal-train')?.severity).toBe('notice');
    expect(crawlerAccessScore(a)).toBe(100);
  });
});
