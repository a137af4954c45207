import { describe, expect, it } from 'vitest';
import { isQuestion } from '../../../shared/facts/questions.js';

describe('isQuestion', () => {
  it('recognises questions', () => {
    expect(isQuestion('What is cold brew?')).toBe(true);
    expect(isQuestion('How to store cold brew')).toBe(true);
    expect(isQuestion('Is it worth it?')).toBe(true);
    expect(isQuestion('Do more with less')).toBe(false);
    expect(isQuestion('Ingredients')).toBe(false);
  });
});
