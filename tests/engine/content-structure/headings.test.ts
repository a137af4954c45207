import { describe, expect, it } from 'vitest';
import singleH1Rule from '../../../shared/rules/content-structure/content.single-h1.js';
import headingHierarchyRule from '../../../shared/rules/content-structure/content.heading-hierarchy.js';
import { isQuestion } from '../../../shared/facts/questions.js';
import questionHeadingsRule from '../../../shared/rules/content-structure/content.question-headings.js';
import { snapshot, page, words } from '../../helpers/snapshot.js';
import { SPA_SHELL } from '../pages.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

describe('content.single-h1', () => {
  it('passes exactly one H1', () => {
    expect(outcome(singleH1Rule, page('<h1>Cold brew</h1><p>text</p>')).score).toBe(1);
  });

  it('fails no H1, and an H1 without text', () => {
    expect(outcome(singleH1Rule, page('<h2>Cold brew</h2>')).score).toBe(0);
    const empty = outcome(singleH1Rule, page('<h1><img src="/logo.png"></h1>'));
    expect(empty.score).toBe(0);
    expect(empty.detail).toContain('no H1 text');
  });

  it('gives partial credit for several H1s, less for many', () => {
    const two = outcome(singleH1Rule, page('<h1>One</h1><h1>Two</h1>'));
    expect(two.score).toBe(0.7);
    expect(two.severity).toBe('notice');
    expect(outcome(singleH1Rule, page('<h1>1</h1><h1>2</h1><h1>3</h1><h1>4</h1>')).score).toBe(0.4);
  });

  it('is not applicable on a JavaScript shell', () => {
    expect(judge(singleH1Rule, snapshot(SPA_SHELL))).toBe(NOT_APPLICABLE);
  });
});

describe('content.heading-hierarchy', () => {
  it('passes headings that step down one level at a time (and may jump back up)', () => {
    expect(outcome(headingHierarchyRule, page('<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2><h3>E</h3>')).score).toBe(1);
  });

  it('gives partial credit per skipped level and names the first skip', () => {
    const o = outcome(headingHierarchyRule, page('<h1>A</h1><h2>B</h2><h4>C</h4><h2>D</h2><h3>E</h3>'));
    expect(o.score).toBe(0.5);
    expect(o.detail).toContain('1 of 4');
    expect(o.detail).toContain('H2 "B" is followed by H4 "C"');
    expect(o.severity).toBe('warning');
  });

  it('floors the credit at 0.3', () => {
    expect(outcome(headingHierarchyRule, page('<h1>A</h1><h3>B</h3><h1>C</h1><h4>D</h4>')).score).toBe(0.3);
  });

  it('is not applicable with fewer than two headings', () => {
    expect(judge(headingHierarchyRule, page('<h1>A</h1>'))).toBe(NOT_APPLICABLE);
  });
});

describe('content.question-headings', () => {
  const long = `<p>${words(300)}</p>`;

  it('recognises questions', () => {
    expect(isQuestion('What is cold brew?')).toBe(true);
    expect(isQuestion('How to store cold brew')).toBe(true);
    expect(isQuestion('Is it worth it?')).toBe(true);
    expect(isQuestion('Do more with less')).toBe(false);
    expect(isQuestion('Ingredients')).toBe(false);
  });

  it('passes question headings answered right below with a short sentence', () => {
    const html = `<h1>Cold brew</h1>${long}<h2>What is cold brew?</h2><p>Cold brew is coffee steeped in cold water for a day. More text follows here.</p><h3>How long does it keep?</h3><p>About two weeks in the fridge.</p>`;
    expect(outcome(questionHeadingsRule, page(html)).score).toBe(1);
  });

  it('gives credit for the share answered, naming an unanswered one', () => {
    const html = `<h2>What is cold brew?</h2><p>Cold brew is coffee steeped in cold water.</p><h2>Why is it sweet?</h2><h3>Chemistry</h3><p>Short.</p><h2>How strong is it?</h2><p>${'very '.repeat(80)}strong indeed.</p>`;
    const o = outcome(questionHeadingsRule, page(html));
    expect(o.score).toBe(0.33);
    expect(o.detail).toContain('2 of 3');
    expect(o.detail).toContain('"Why is it sweet?"');
    expect(o.severity).toBeUndefined();
  });

  it('notes long content with section headings but no questions', () => {
    const o = outcome(questionHeadingsRule, page(`<h2>Ingredients</h2>${long}<h2>Method</h2><p>Stir.</p>`));
    expect(o.score).toBe(0.7);
    expect(o.severity).toBe('notice');
  });

  it('is not applicable to short pages without questions', () => {
    expect(judge(questionHeadingsRule, page('<h2>Ingredients</h2><p>x</p><h2>Method</h2>'))).toBe(NOT_APPLICABLE);
  });
});
