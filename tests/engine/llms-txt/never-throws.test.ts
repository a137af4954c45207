import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { validateLlmsTxt } from '../../../shared/llms-txt/validate.js';
import { readLlmsTxtResource } from '../../../shared/llms-txt/read.js';
import { formatProblem } from '../../../shared/llms-txt/types.js';
import { resource } from '../../helpers/snapshot.js';

/** Lines that look like llms.txt Markdown, so the generator reaches the grammar's corners. */
const markdownLine = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    '# Title',
    '#Title',
    '## Docs',
    '## Optional',
    '### Deep',
    '> summary',
    '```',
    '~~~',
    '- [A](https://example.com/a): notes',
    '- [A](a.md)',
    '* [A](/a)',
    '- [](/)',
    '- [A]( )',
    '- not a link',
    '<!doctype html>',
    '\uFEFF# T',
  ),
  fc.tuple(fc.constantFrom('#', '##', '-', '>', '- [', '1.'), fc.string()).map(([a, b]) => `${a} ${b}`),
  fc.tuple(fc.string(), fc.string()).map(([name, url]) => `- [${name}](${url})`),
);
const llmsLike = fc
  .tuple(fc.array(markdownLine, { maxLength: 40 }), fc.constantFrom('\n', '\r\n', '\r'))
  .map(([lines, eol]) => lines.join(eol));

describe('the llms.txt validator is total', () => {
  test('never throws, and valid means "no error-level problem"', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 500 }), llmsLike), (text) => {
        const v = validateLlmsTxt(text);
        expect(v.valid).toBe(!v.problems.some((p) => p.severity === 'error'));
        expect(v.problems.length).toBeLessThanOrEqual(25);
        for (const p of v.problems) expect(typeof formatProblem(p)).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  test('reading any served body with any content type never throws', () => {
    fc.assert(
      fc.property(
        llmsLike,
        fc.constantFrom('text/plain', 'text/html', 'text/markdown', '', 'application/json'),
        fc.integer({ min: 0, max: 599 }),
        (body, type, status) => {
          const r = readLlmsTxtResource(resource('https://example.com/llms.txt', body, { status, headers: { 'content-type': type } }));
          expect(['present', 'missing', 'error']).toContain(r.status);
          if (r.status !== 'present') expect(r.valid).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
