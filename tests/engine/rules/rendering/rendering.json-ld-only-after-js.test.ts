import renderingJsonLdOnlyAfterJs from '../../../../shared/rules/rendering/rendering.json-ld-only-after-js.js';
import { testRule } from '../../rule-tester.js';
import { page, resource, words } from '../../../helpers/snapshot.js';

const ld = (type: string) => `<script type="application/ld+json">{"@context":"https://schema.org","@type":"${type}","name":"x"}</script>`;

/** A page whose server HTML has `raw` in its head and whose rendered DOM has `after`. */
const withRendered = (raw: string, after: string, over: { origin?: 'server' | 'extension' } = {}) =>
  page(`<!doctype html><html lang="en"><head><title>Cold brew</title>${raw}</head><body><p>${words(300)}</p></body></html>`, {
    origin: over.origin ?? 'server',
    rendered: {
      html: `<!DOCTYPE html><html lang="en"><head><title>Cold brew</title>${after}</head><body><p>${words(300)}</p></body></html>`,
      url: 'https://example.com/',
      capturedAt: '2026-11-21T00:00:01.000Z',
      engine: 'Chromium 131.0.6778.85',
      ms: 420,
    },
  });

testRule(renderingJsonLdOnlyAfterJs, {
  passes: [
    { name: 'the same JSON-LD before and after JavaScript', snapshot: withRendered(ld('Article'), ld('Article')) },
    {
      name: 'a script adds a second block of a type the server HTML has',
      snapshot: withRendered(ld('Article'), ld('Article') + ld('Article')),
    },
    {
      name: 'the extension, with the JSON-LD in the server HTML',
      snapshot: withRendered(ld('Product'), ld('Product'), { origin: 'extension' }),
    },
  ],
  fails: [
    {
      name: 'JSON-LD only in the rendered DOM',
      snapshot: withRendered('', ld('Product')),
      detail: ['1 JSON-LD block', 'Product', 'server HTML has none'],
    },
  ],
  partial: [
    {
      name: 'a type only after JavaScript beside one in the server HTML',
      snapshot: withRendered(ld('Article'), ld('Article') + ld('BreadcrumbList')),
      score: 0.5,
      detail: ['BreadcrumbList appears only after JavaScript'],
    },
  ],
  notApplicable: [
    { name: 'no rendered DOM (an audit that did not render)', snapshot: page(`<p>${words(300)}</p>${ld('Article')}`) },
    { name: 'no JSON-LD after JavaScript either', snapshot: withRendered('', '') },
    {
      name: 'not an HTML document',
      snapshot: page('{"a":1}', {
        rendered: {
          html: `<html><head>${ld('Article')}</head></html>`,
          url: 'https://example.com/',
          capturedAt: '2026-11-21T00:00:01.000Z',
        },
        page: resource('https://example.com/', '{"a":1}', { headers: { 'content-type': 'application/json' } }),
      }),
    },
  ],
});
