import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeRobotsPath, robotsPathOf } from '../../../shared/robots/path.js';
import { robotsPatternMatches } from '../../../shared/robots/pattern.js';

describe('normalizeRobotsPath (RFC 9309 section 2.2.2 table)', () => {
  it.each([
    ['/foo/bar?baz=quz', '/foo/bar?baz=quz'],
    ['/foo/bar/ツ', '/foo/bar/%E3%83%84'],
    ['/foo/bar/%E3%83%84', '/foo/bar/%E3%83%84'],
    ['/foo/bar/%e3%83%84', '/foo/bar/%E3%83%84'],
    ['/foo/bar/%62%61%7A', '/foo/bar/baz'],
    ['/a%2Fb', '/a%2Fb'],
    ['/with space', '/with%20space'],
    ['/emoji/😀', '/emoji/%F0%9F%98%80'],
    ['/100%', '/100%'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeRobotsPath(input)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => normalizeRobotsPath(normalizeRobotsPath(s)) === normalizeRobotsPath(s)));
  });

  it('encodes a literal * and $ of the URL so rules can name them as %2A and %24', () => {
    expect(robotsPathOf(new URL('https://example.com/a*b$?q=ツ'))).toBe('/a%2Ab%24?q=%E3%83%84');
  });
});

describe('robotsPatternMatches', () => {
  it.each([
    ['/', '/anything', true],
    ['/fish', '/fish.html', true],
    ['/fish', '/Fish.asp', false],
    ['/fish/', '/fish', false],
    ['/*.php', '/folder/filename.php?parameters', true],
    ['/*.php$', '/filename.php', true],
    ['/*.php$', '/filename.php?parameters', false],
    ['/fish*.php', '/fishheads/catfish.php?parameters', true],
    ['/fish*.php', '/Fish.PHP', false],
    ['/this/path/exactly$', '/this/path/exactly', true],
    ['/this/path/exactly$', '/this/path/exactly/', false],
    ['/this/*/path', '/this/a/b/path/c', true],
    ['/a$b', '/a$b/c', true],
    ['*', '/x', true],
    ['/a**b', '/axxb', true],
  ])('%s on %s -> %s', (pattern, path, expected) => {
    expect(robotsPatternMatches(pattern, path)).toBe(expected);
  });

  it('agrees with a regular-expression reference on random patterns', () => {
    const alphabet = fc.constantFrom('/', 'a', 'b', '.', '*', '$', '?');
    const text = fc.array(alphabet, { maxLength: 12 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, text, (pattern, rawPath) => {
        const path = rawPath.replace(/\*/g, '');
        const anchored = pattern.endsWith('$');
        const body = anchored ? pattern.slice(0, -1) : pattern;
        const source = body
          .split('*')
          .map((part) => part.replace(/[.?$/\\^+()[\]{}|]/g, '\\$&'))
          .join('.*');
        const reference = new RegExp(`^${source}${anchored ? '$' : ''}`, 's');
        return robotsPatternMatches(pattern, path) === reference.test(path);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers adversarial wildcard patterns (no exponential backtracking)', () => {
    const pattern = '/' + 'a*'.repeat(200) + 'b';
    const path = '/' + 'a'.repeat(2000);
    expect(robotsPatternMatches(pattern, path)).toBe(false);
  });
});
