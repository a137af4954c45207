import { expect } from 'vitest';
import renderingNotHtml from '../../../../shared/rules/rendering/rendering.not-html.js';
import { resource, snapshot } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';

const url = 'https://example.com/file';
const served = (body: string, contentType: string | undefined, over = {}) =>
  snapshot(body, {
    page: resource(url, body, { headers: contentType ? { 'content-type': contentType } : {}, ...over }),
  });

testRule(renderingNotHtml, {
  fails: [
    {
      name: 'a binary response is critical and says what was served',
      snapshot: served('', 'application/pdf', { binary: true, bytes: 48_000, encoding: null }),
      severity: 'critical',
      detail: ['application/pdf', '48000 bytes'],
      check: (o) => {
        expect(renderingNotHtml.severity).toBe('critical');
        expect(o.severity).toBeUndefined();
      },
    },
    {
      name: 'a non-page text type such as JSON is critical',
      snapshot: served('{"a":1}', 'application/json'),
      severity: 'critical',
      detail: 'application/json',
    },
  ],
  partial: [
    ...['text/plain; charset=utf-8', 'text/markdown'].map((type) => ({
      name: `${type}: half credit as a warning (readable, but without structure)`,
      snapshot: served('# Title\n\nSome text.', type),
      score: 0.5,
      check: (o: { severity?: string }) => expect(o.severity).toBe('warning'),
    })),
    { name: 'a response without Content-Type is sniffed: plain words are text', snapshot: served('just words', undefined), score: 0.5 },
  ],
  notApplicable: [
    { name: 'an HTML page (it earns nothing for being HTML)', snapshot: served('<p>x</p>', 'text/html') },
    { name: 'an XHTML page', snapshot: served('<p>x</p>', 'application/xhtml+xml') },
    { name: 'a response without Content-Type sniffed as HTML', snapshot: served('<!doctype html><html><body>x</body></html>', undefined) },
    { name: 'a failed response (Crawler Access reports it)', snapshot: served('', 'application/pdf', { status: 404, binary: true }) },
  ],
});
