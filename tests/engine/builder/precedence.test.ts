import { describe, expect, it } from 'vitest';
import { detectBuilder, rankBuilders } from '../../../shared/builder/detect.js';
import { readBuilderFixture } from '../../fixtures/builders/manifest.js';
import { contextFor, type PageOptions } from './context.js';

function inject(file: string, where: '</head>' | '</body>', extra: string): string {
  const html = readBuilderFixture(file);
  expect(html).toContain(where);
  return html.replace(where, `${extra}${where}`);
}

function ranking(html: string, options?: PageOptions): { winner: string; matched: string[] } {
  const ctx = contextFor(html, options);
  return {
    winner: detectBuilder(ctx),
    matched: rankBuilders(ctx)
      .filter((c) => c.matched)
      .map((c) => c.name),
  };
}

describe('the most specific builder wins', () => {
  it('a Webflow page that loads jQuery from a public CDN is Webflow', () => {
    const html = inject('webflow.html', '</body>', '<script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>');
    expect(ranking(html).winner).toBe('Webflow');
  });

  it('a WordPress site built with Elementor is WordPress, and Elementor is never a builder of its own', () => {
    const ctx = contextFor(readBuilderFixture('wordpress-elementor.html'));
    expect(detectBuilder(ctx)).toBe('WordPress');
    expect(rankBuilders(ctx).map((c) => c.name)).not.toContain('Elementor');
    const evidence = rankBuilders(ctx)[0]?.evidence.map((e) => e.value) ?? [];
    expect(evidence.some((v) => v.startsWith('Elementor 3.24.5'))).toBe(true);
  });

  it('a Shopify store carrying Next.js-like markers from an app embed is Shopify', () => {
    const html = inject(
      'shopify.html',
      '</body>',
      '<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script><script src="/_next/static/chunks/main-1a2b3c.js"></script>',
    );
    const { winner, matched } = ranking(html);
    expect(matched).toContain('Next.js');
    expect(winner).toBe('Shopify');
  });

  it('a Wix page embedding a widget from a WordPress site is Wix', () => {
    const html = inject(
      'wix.html',
      '</body>',
      '<script src="https://events.example.org/wp-content/plugins/the-events-calendar/widget.js"></script><link rel="stylesheet" href="https://events.example.org/wp-includes/css/dashicons.min.css">',
    );
    const { winner, matched } = ranking(html);
    expect(matched).toContain('WordPress');
    expect(winner).toBe('Wix');
  });

  it('a Super.so site is Notion although it runs on Next.js', () => {
    const { winner, matched } = ranking(readBuilderFixture('notion-super.html'));
    expect(matched).toEqual(['Notion', 'Next.js']);
    expect(winner).toBe('Notion');
  });

  it('a Next.js app served by Vercel is Next.js', () => {
    const html = readBuilderFixture('nextjs.html');
    const { winner } = ranking(html, { headers: { server: 'Vercel', 'x-vercel-cache': 'HIT', 'x-powered-by': 'Next.js' } });
    expect(winner).toBe('Next.js');
  });

  it('a headless Next.js storefront showing Shopify CDN images is Next.js', () => {
    const html = inject(
      'nextjs-pages.html',
      '</body>',
      '<img src="https://cdn.shopify.com/s/files/1/0612/3456/7890/products/mug.jpg?v=1" alt="Mug">',
    );
    expect(ranking(html).winner).toBe('Next.js');
  });

  it('a Gatsby site showing images from a headless WordPress is Gatsby', () => {
    const html = inject(
      'gatsby.html',
      '</body>',
      '<img src="https://cms.smallorchard.blog/wp-content/uploads/2026/04/blossom.jpg" alt="Blossom"><img src="https://i0.wp.com/cms.smallorchard.blog/wp-content/uploads/2026/04/cider.jpg" alt="Cider">',
    );
    expect(ranking(html).winner).toBe('Gatsby');
  });

  it('HubSpot tracking, forms and a hosted image on a WordPress site do not make it HubSpot CMS', () => {
    const html = inject(
      'wordpress.html',
      '</body>',
      '<script id="hs-script-loader" async defer src="//js.hs-scripts.com/21234567.js"></script><script src="//js.hsforms.net/forms/embed/v2.js"></script><img src="https://21234567.fs1.hubspotusercontent-na1.net/hubfs/21234567/badge.png" alt="Badge">',
    );
    const { winner, matched } = ranking(html);
    expect(matched).not.toContain('HubSpot CMS');
    expect(winner).toBe('WordPress');
  });

  it('a Shopify Buy Button on a WordPress site does not make it Shopify', () => {
    const html = inject(
      'wordpress.html',
      '</body>',
      '<script src="https://sdks.shopifycdn.com/buy-button/latest/buy-button-storefront.min.js"></script>',
    );
    expect(ranking(html).winner).toBe('WordPress');
  });
});

describe('pages that are no builder', () => {
  it('a hand-written page using jQuery is Unknown', () => {
    const ctx = contextFor(readBuilderFixture('plain.html'));
    expect(detectBuilder(ctx)).toBe('Unknown');
    expect(rankBuilders(ctx)).toEqual([]);
  });

  it('a blog post that mentions WordPress, wix.com and builder markers in its text is Unknown', () => {
    const ctx = contextFor(readBuilderFixture('blog-mentions.html'));
    expect(detectBuilder(ctx)).toBe('Unknown');
    // Only the hot-linked Wix image registers, and too weakly to match.
    expect(rankBuilders(ctx).map((c) => [c.name, c.matched])).toEqual([['Wix', false]]);
  });

  it('markers inside an escaped code sample count for nothing, outside it they count', () => {
    const sample = '<pre><code>&lt;script&gt;Shopify.theme = {};&lt;/script&gt;</code></pre>';
    expect(detectBuilder(contextFor(`<html><body>${sample}</body></html>`))).toBe('Unknown');
    const real = '<script>var Shopify = Shopify || {}; Shopify.theme = {"name":"Dawn"};</script>';
    expect(detectBuilder(contextFor(`<html><head>${real}</head><body><p>Coffee</p></body></html>`))).toBe('Shopify');
  });
});
