import { describe, expect, it } from 'vitest';
import { detectBuilder } from '../../../shared/builder/detect.js';
import { REAL_PAGES, readRealPage } from '../../fixtures/builders-real/corpus.js';
import { contextFor } from './context.js';

/**
 * Builder detection: pages saved with their assets rewritten to local paths, and pages whose
 * only marker is an asset path. The real ones come from the corpus (tests/fixtures/builders-real/).
 */
const detectReal = (id: string) => {
  const page = REAL_PAGES.find((p) => p.id === id);
  if (!page) throw new Error(`no corpus page ${id}`);
  return detectBuilder(contextFor(readRealPage(page), { url: 'https://corpus.example/page/' }));
};
const page = (head: string, body = '<p>Hello</p>') =>
  `<!doctype html><html lang="en"><head><title>T</title>${head}</head><body>${body}</body></html>`;
const detect = (html: string) => detectBuilder(contextFor(html, { url: 'http://127.0.0.1:41234/' }));

describe('real pages saved with their assets moved to local paths', () => {
  it.each([
    ['squarespace-mccal-local', 'Squarespace'],
    ['shopify-patel-bakery', 'Shopify'],
    ['hugo-academic-0cooper', 'Hugo'],
  ])('%s is %s', (id, builder) => {
    expect(detectReal(id)).toBe(builder);
  });
});

describe('what survives a local copy', () => {
  it("Squarespace's bundle names (name-hash-min.locale.js) and a preconnect to its CDN", () => {
    const head =
      '<link rel="preconnect" href="https://images.squarespace-cdn.com"><script src="js/common-vendors-stable-3598b219a3c023c1915a-min.id-ID.js"></script>' +
      '<link rel="stylesheet" href="css/417923393ce481a1-min.en-US.css">';
    expect(detect(page(head))).toBe('Squarespace');
  });

  it("Shopify's section wrappers and checkout preload script", () => {
    const body = '<div id="shopify-section-header" class="shopify-section"><header>Shop</header></div>';
    expect(detect(page('<script src="./checkouts/internal/preloads.js"></script>', body))).toBe('Shopify');
  });

  it('one of them alone is not enough', () => {
    expect(detect(page('<script src="js/common-vendors-stable-3598b219a3c023c1915a-min.id-ID.js"></script>'))).toBe('Unknown');
    expect(detect(page('<link rel="preconnect" href="https://images.squarespace-cdn.com">'))).toBe('Unknown');
    expect(detect(page('', '<div id="shopify-section-header" class="shopify-section"></div>'))).toBe('Unknown');
  });
});

describe('an asset path as the only marker', () => {
  it.each([
    ['<script type="module" src="/_nuxt/entry.4a2b9c.js"></script>', 'Nuxt'],
    ['<link rel="modulepreload" href="/app/_nuxt/BkLz2.js">', 'Nuxt'],
    ['<link rel="stylesheet" href="/_astro/index.B3kq9x.css">', 'Astro'],
  ])('%s → %s', (head, builder) => {
    expect(detect(page(head))).toBe(builder);
  });

  it('the same words in text, links or image paths are not markers', () => {
    expect(detect(page('', '<p>Nuxt puts its bundles in /_nuxt/ and Astro in /_astro/.</p><a href="https://x.example/_nuxt/">a</a>'))).toBe(
      'Unknown',
    );
    expect(detect(page('', '<img src="/_astro/photo.webp" alt="">'))).toBe('Unknown');
  });
});

describe('Hugo themes that write their own generator', () => {
  it.each(['Source Themes Academic 4.5.0', 'Wowchemy 5.7.0 for Hugo', 'Hugo Blox Builder 5.9.7'])('"%s" → Hugo', (generator) => {
    expect(detect(page(`<meta name="generator" content="${generator}">`))).toBe('Hugo');
  });
});
