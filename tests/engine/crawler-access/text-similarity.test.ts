import { describe, expect, it } from 'vitest';
import { COMPARED_WORDS, jaccard, shingles } from '../../../shared/crawlers/text-similarity.js';

const similarity = (a: string, b: string) => jaccard(shingles(a), shingles(b));

describe('text similarity (Jaccard index of word 3-shingles)', () => {
  it('is 1 for the same text, whatever the case and spacing', () => {
    expect(similarity('Cold brew takes twelve hours', 'cold   BREW takes twelve\nhours')).toBe(1);
  });

  it('is 0 for texts that share no three-word run, and for one empty text', () => {
    expect(similarity('cold brew takes twelve hours', 'please enable javascript to continue')).toBe(0);
    expect(similarity('', 'words')).toBe(0);
    expect(similarity('', '')).toBe(1);
  });

  it('counts shared shingles over all distinct ones, to 4 decimals', () => {
    // a b c d → {abc, bcd}; a b c e → {abc, bce}: 1 shared of 3.
    expect(similarity('a b c d', 'a b c e')).toBe(0.3333);
  });

  it('is order-aware: the same words in another order are another text', () => {
    expect(similarity('one two three four five', 'five four three two one')).toBe(0);
  });

  it('compares short texts by their words', () => {
    expect(similarity('Forbidden', 'forbidden')).toBe(1);
    expect(similarity('Access denied', 'Access granted')).toBe(0.3333);
  });

  it('reads at most COMPARED_WORDS words of each copy', () => {
    const long = Array.from({ length: COMPARED_WORDS + 500 }, (_, i) => `w${i}`).join(' ');
    expect(shingles(long).size).toBe(COMPARED_WORDS - 2);
  });
});
