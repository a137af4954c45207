/**
 * --budget files: every key checked (an unknown key, a wrong type, an unknown category or rule id is refused,
 * naming the key), then the assertions against a run: figure and limit for each, errors failing, warnings not.
 */
import { describe, expect, it } from 'vitest';
import { BudgetError, parseBudget } from '../../server/ci/budget.js';
import { budgetFailed, budgetLines, checkBudget } from '../../server/ci/budget-check.js';
import { auditCi, crawlCi } from './reports.js';

const parse = (doc: unknown) => parseBudget(typeof doc === 'string' ? doc : JSON.stringify(doc));

describe('parseBudget', () => {
  it('reads every member of the documented shape', () => {
    expect(
      parse({
        score: { min: 70 },
        categories: { 'AI Discovery': { min: 60 }, Trust: { min: 0 } },
        rules: { 'robots.search-agents-blocked': 'error', 'trust.hsts': 'warn', 'content.title': 'off' },
        max_critical: 0,
      }),
    ).toEqual({
      scoreMin: 70,
      categoryMins: [
        { name: 'AI Discovery', min: 60 },
        { name: 'Trust', min: 0 },
      ],
      rules: [
        { rule: 'robots.search-agents-blocked', level: 'error' },
        { rule: 'trust.hsts', level: 'warn' },
        { rule: 'content.title', level: 'off' },
      ],
      maxCritical: 0,
    });
    expect(parse({})).toEqual({ scoreMin: null, categoryMins: [], rules: [], maxCritical: null });
  });

  it.each([
    ['not JSON', '{"score": ', /^is not valid JSON/],
    ['not an object', [], /^must be a JSON object/],
    [
      'an unknown top-level key',
      { score: { min: 1 }, scores: {} },
      /^unknown key "scores": allowed "score", "categories", "rules", "max_critical"$/,
    ],
    ['an unknown key in score', { score: { min: 1, max: 2 } }, /^unknown key score\."max": allowed "min"$/],
    ['score not an object', { score: 70 }, /^score must be an object such as \{"min": 70\} \(got a number\)$/],
    ['score without min', { score: {} }, /^score\.min is required$/],
    ['score.min a string', { score: { min: '70' } }, /^score\.min must be a whole number from 0 to 100 \(got "70"\)$/],
    ['score.min over 100', { score: { min: 101 } }, /^score\.min must be a whole number from 0 to 100 \(got 101\)$/],
    ['score.min a fraction', { score: { min: 50.5 } }, /^score\.min must be a whole number/],
    ['categories an array', { categories: [] }, /^categories must be an object of category names \(got an array\)$/],
    [
      'an unknown category',
      { categories: { 'ai discovery': { min: 1 } } },
      /^unknown category categories\."ai discovery": the categories are "Crawler Access", /,
    ],
    [
      'a category min wrong',
      { categories: { Trust: { min: -1 } } },
      /^categories\."Trust"\.min must be a whole number from 0 to 100 \(got -1\)$/,
    ],
    [
      'an unknown key in a category',
      { categories: { Trust: { min: 1, weight: 2 } } },
      /^unknown key categories\."Trust"\."weight": allowed "min"$/,
    ],
    ['rules an array', { rules: ['content.title'] }, /^rules must be an object of rule ids \(got an array\)$/],
    [
      'an unknown rule id',
      { rules: { 'content.titel': 'error' } },
      /^unknown rule id rules\."content\.titel": the rule ids are listed in docs\/rules\.md$/,
    ],
    [
      'a rule level not known',
      { rules: { 'content.title': 'fail' } },
      /^rules\."content\.title" must be "error", "warn" or "off" \(got "fail"\)$/,
    ],
    [
      'a rule level not a string',
      { rules: { 'content.title': true } },
      /^rules\."content\.title" must be "error", "warn" or "off" \(got true\)$/,
    ],
    ['max_critical negative', { max_critical: -1 }, /^max_critical must be a whole number of at least 0 \(got -1\)$/],
    ['max_critical a string', { max_critical: '0' }, /^max_critical must be a whole number of at least 0 \(got "0"\)$/],
    ['max_critical null', { max_critical: null }, /^max_critical must be a whole number of at least 0 \(got null\)$/],
  ])('refuses %s, naming the key', (_, doc, message) => {
    expect(() => parse(doc)).toThrow(BudgetError);
    expect(() => parse(doc)).toThrow(message);
  });
});

describe('checkBudget on an audit (score 44, one critical, one warning, one notice)', () => {
  it('every assertion with its figure and limit; error assertions fail, warn ones do not', () => {
    const budget = parse({
      score: { min: 70 },
      categories: { Trust: { min: 50 }, 'AI Discovery': { min: 80 } },
      rules: { 'content.title': 'error', 'trust.hsts': 'warn', 'json-ld.present': 'error' },
      max_critical: 0,
    });
    const result = checkBudget(budget, auditCi());
    expect(result.assertions.map((a) => [a.key, a.level, a.passed, a.figure, a.limit])).toEqual([
      ['score.min', 'error', false, '44', 'minimum 70'],
      ['categories."Trust".min', 'error', true, '72', 'minimum 50'],
      ['categories."AI Discovery".min', 'error', false, '72', 'minimum 80'],
      ['rules."content.title"', 'error', false, 'raised: Missing or weak page title', 'not raised'],
      ['rules."trust.hsts"', 'warn', false, 'raised: No HTTP Strict Transport Security', 'not raised'],
      ['rules."json-ld.present"', 'error', true, 'not raised', 'not raised'],
      ['max_critical', 'error', false, '1 critical issue (http.status)', 'at most 0'],
    ]);
    expect(budgetFailed(result)).toBe(true);
    expect(budgetLines('audit', result)).toEqual([
      'citable audit: budget failed: 4 of 6 assertions',
      '  score.min: 44 (minimum 70)',
      '  categories."AI Discovery".min: 72 (minimum 80)',
      '  rules."content.title": raised: Missing or weak page title (not raised)',
      '  max_critical: 1 critical issue (http.status) (at most 0)',
      'citable audit: budget warnings (not failing):',
      '  rules."trust.hsts": raised: No HTTP Strict Transport Security (not raised)',
    ]);
  });

  it('warnings alone never fail; "off" rules leave max_critical; an n/a category is not judged, and says so', () => {
    const budget = parse({
      rules: { 'trust.hsts': 'warn', 'http.status': 'off' },
      max_critical: 0,
      categories: { Rendering: { min: 90 } },
    });
    const report = auditCi({
      category_scores: auditCi().categories.map((c) => (c.name === 'Rendering' ? { ...c, applicable: false } : c)),
    });
    const result = checkBudget(budget, report);
    expect(budgetFailed(result)).toBe(false);
    expect(result.assertions.find((a) => a.key === 'max_critical')).toMatchObject({ passed: true, figure: '0 critical issues' });
    expect(budgetLines('audit', result)).toEqual([
      'citable audit: budget met: 1 assertion passed',
      'citable audit: budget warnings (not failing):',
      '  rules."trust.hsts": raised: No HTTP Strict Transport Security (not raised)',
      '  categories."Rendering".min: not judged, the category does not apply (n/a)',
    ]);
  });
});

describe('checkBudget on a crawl', () => {
  it('rules count the pages; max_critical counts critical rules once however many pages; no score fails score.min', () => {
    const report = crawlCi(9);
    const result = checkBudget(parse({ rules: { 'content.title': 'error' }, max_critical: 1 }), report);
    expect(result.assertions.map((a) => [a.key, a.passed, a.figure])).toEqual([
      ['rules."content.title"', false, 'raised on 9 of 9 pages'],
      ['max_critical', true, '1 critical issue (http.status)'],
    ]);
    const empty = checkBudget(parse({ score: { min: 0 } }), { ...report, score: null });
    expect(empty.assertions[0]).toMatchObject({ passed: false, figure: 'no score: no page was audited' });
  });
});
