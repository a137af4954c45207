import { describe, expect, it } from 'vitest';
import { xRobotsTagDirectives } from '../../../shared/facts/robots-directives.js';

describe('X-Robots-Tag parsing', () => {
  it('keeps value directives such as max-snippet and unavailable_after apart from bot prefixes', () => {
    expect(xRobotsTagDirectives('max-snippet: 0, googlebot: nosnippet, bingbot: noindex')).toEqual([
      { scope: '*', source: 'the X-Robots-Tag header', directives: ['max-snippet:0'] },
      { scope: 'googlebot', source: 'X-Robots-Tag: googlebot:', directives: ['nosnippet'] },
      { scope: 'bingbot', source: 'X-Robots-Tag: bingbot:', directives: ['noindex'] },
    ]);
  });
});
