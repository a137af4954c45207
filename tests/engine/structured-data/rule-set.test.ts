import { describe, expect, test } from 'vitest';
import { structuredDataRules } from '../../../shared/rules/structured-data/index.js';
import { resource, snapshot } from '../../helpers/snapshot.js';
import { judge, NOT_APPLICABLE } from '../rule-tester.js';

describe('the Structured Data rule set', () => {
  test('has at least 7 rules, unique ids, all in the category, none critical', () => {
    expect(structuredDataRules.length).toBeGreaterThanOrEqual(7);
    expect(new Set(structuredDataRules.map((r) => r.id)).size).toBe(structuredDataRules.length);
    for (const r of structuredDataRules) {
      expect(r.category).toBe('Structured Data');
      expect(r.severity).not.toBe('critical');
      expect(r.weight).toBeGreaterThan(0);
    }
  });

  test('every rule is not applicable when the page did not load', () => {
    const failed = snapshot('', { page: resource('https://example.com/', 'Server error', { status: 500 }) });
    for (const r of structuredDataRules) expect(judge(r, failed), r.id).toBe(NOT_APPLICABLE);
  });
});
