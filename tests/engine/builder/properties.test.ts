import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILDER_NAMES, detectBuilder, rankBuilders } from '../../../shared/builder/detect.js';
import { contextFor } from './context.js';

// Fragments real builder pages are made of, so random pages do trip signals.
const FRAGMENTS = [
  '<html data-wf-site="a">',
  '<html class="notion-html">',
  '<body id="dmRoot">',
  '<body class="postid-12">',
  '<meta name="generator" content="WordPress 6.6">',
  '<meta name="generator" content="Framer 1a2b">',
  '<meta name="generator" content="Gatsby 5">',
  '<meta name="shopify-digital-wallet" content="/1">',
  '<script src="https://static.parastorage.com/a.js"></script>',
  '<script src="/_next/static/chunks/a.js"></script>',
  '<link rel="stylesheet" href="/wp-content/themes/x/style.css">',
  '<img src="https://cdn.shopify.com/a.jpg">',
  '<script>self.__next_f.push([1])</script>',
  '<script id="__NEXT_DATA__">{}</script>',
  '<astro-island>',
  '<div id="__nuxt">',
  '<div id="___gatsby">',
  '<!-- This is Squarespace. -->',
  '<!-- Made in Framer -->',
  '<p>',
  '</p>',
  '<div>',
  '</div>',
  '<script>',
  '</script>',
  '<!--',
  '-->',
  '<pre><code>',
  '&lt;',
  '"',
  "'",
  '<',
];

const htmlArb = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 20 })), { maxLength: 60 }).map((p) => p.join('')),
);
const headersArb = fc.dictionary(
  fc.oneof(fc.constantFrom('server', 'x-powered-by', 'set-cookie', 'link', 'x-shopid', 'vary', '__proto__'), fc.string({ maxLength: 12 })),
  fc.string({ maxLength: 80 }),
  { maxKeys: 6 },
);
const urlArb = fc.oneof(fc.webUrl(), fc.constantFrom('https://a.wixsite.com/', 'http://127.0.0.1:8080/'));

describe('builder detection on arbitrary input', () => {
  it('never throws and always answers a known display name or Unknown', () => {
    fc.assert(
      fc.property(htmlArb, headersArb, urlArb, (html, headers, url) => {
        const name = detectBuilder(contextFor(html, { url, headers }));
        expect(BUILDER_NAMES).toContain(name);
      }),
      { numRuns: 400 },
    );
  });

  it('ranks matched candidates first, most specific first, and names the first one', () => {
    fc.assert(
      fc.property(htmlArb, headersArb, (html, headers) => {
        const ctx = contextFor(html, { headers });
        const ranked = rankBuilders(ctx);
        const matched = ranked.filter((c) => c.matched);
        expect(ranked.slice(0, matched.length)).toEqual(matched);
        for (let i = 1; i < matched.length; i++) {
          expect(matched[i - 1]!.specificity).toBeGreaterThanOrEqual(matched[i]!.specificity);
        }
        for (const c of ranked) {
          expect(c.evidence.length).toBeGreaterThan(0);
          expect(c.confidence).toBeGreaterThan(0);
          expect(c.confidence).toBeLessThanOrEqual(1);
        }
        expect(detectBuilder(ctx)).toBe(matched[0]?.name ?? 'Unknown');
      }),
      { numRuns: 300 },
    );
  });

  it('prose that talks about builders, escaped into paragraphs, is never a builder', () => {
    const words = [
      'WordPress',
      'wix.com',
      'Squarespace',
      'This is Squarespace.',
      'Shopify.theme',
      'data-wf-site',
      '__NEXT_DATA__',
      'self.__next_f',
      'static.parastorage.com',
      '/wp-content/',
      'data-framer-hydrate-v2',
      'hs_cos_wrapper',
      '<div class="wp-block-group">',
      '<script>window._wpemojiSettings={}</script>',
      'Made in Framer',
      'the',
      'site',
    ];
    const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 12 }), { maxLength: 8 }), (paras) => {
        const body = paras.map((p) => `<p>${escape(p.join(' '))}</p>`).join('');
        expect(detectBuilder(contextFor(`<!doctype html><html><head><title>Notes</title></head><body>${body}</body></html>`))).toBe(
          'Unknown',
        );
      }),
      { numRuns: 200 },
    );
  });
});
