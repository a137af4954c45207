import { describe, expect, it } from 'vitest';
import { findNeedles } from '../../../shared/builder/needle-scan.js';

describe('findNeedles', () => {
  it('reports the first index of every needle present and nothing else', () => {
    const hits = findNeedles('xx wp-content yy __NEXT_DATA__ zz wp-content', ['wp-content', '__NEXT_DATA__', 'absent']);
    expect([...hits]).toEqual([
      ['wp-content', 3],
      ['__NEXT_DATA__', 17],
    ]);
  });

  it('finds needles that start at the same position or overlap', () => {
    const hits = findNeedles('/core/misc/drupal.js', ['/misc/drupal.js', '/core/misc/drupal.js', '/core/']);
    expect(hits.get('/core/misc/drupal.js')).toBe(0);
    expect(hits.get('/core/')).toBe(0);
    expect(hits.get('/misc/drupal.js')).toBe(5);
  });

  it('treats needles literally', () => {
    expect(findNeedles('a.b (c)', ['a.b', '(c)', 'a*b', '.*']).size).toBe(2);
    expect(findNeedles('Shopify.theme', ['Shopify|theme']).size).toBe(0);
  });

  it('finds a needle repeated many times once, and a rare one after it', () => {
    const text = 'data-framer-name '.repeat(100_000) + '__NEXT_DATA__';
    const hits = findNeedles(text, ['data-framer-name', '__NEXT_DATA__']);
    expect(hits.get('data-framer-name')).toBe(0);
    expect(hits.get('__NEXT_DATA__')).toBe(text.length - '__NEXT_DATA__'.length);
  });

  it('ignores empty needles and empty text', () => {
    expect(findNeedles('abc', ['', 'b']).get('b')).toBe(1);
    expect(findNeedles('abc', ['']).size).toBe(0);
    expect(findNeedles('', ['a']).size).toBe(0);
  });
});
