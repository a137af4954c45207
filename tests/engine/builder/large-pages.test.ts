import { describe, expect, it } from 'vitest';
import { detectBuilder, rankBuilders } from '../../../shared/builder/detect.js';
import { contextFor } from './context.js';

// Detection must read a whole multi-megabyte page (markers sit at either end) without a second parse.
const filler = (bytes: number) =>
  '<div class="card"><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p></div>\n'.repeat(Math.ceil(bytes / 80));

describe('large pages', () => {
  it('finds a Next.js Pages Router marker at the end of a 5 MB page', () => {
    const html = `<!doctype html><html><head><title>Big</title></head><body><div id="app">${filler(5_000_000)}</div><script id="__NEXT_DATA__" type="application/json">{"page":"/"}</script></body></html>`;
    expect(html.length).toBeGreaterThan(5_000_000);
    expect(detectBuilder(contextFor(html))).toBe('Next.js');
  });

  it('handles a marker repeated on every element of a large Framer page', () => {
    const body = '<div data-framer-name="Card" class="framer-1x"><p>Text</p></div>'.repeat(50_000);
    const html = `<!doctype html><!-- Made in Framer · framer.com --><html><head><title>F</title></head><body><div id="main" data-framer-hydrate-v2="{}">${body}</div></body></html>`;
    const [best] = rankBuilders(contextFor(html));
    expect(best?.name).toBe('Framer');
    expect(best?.evidence.filter((e) => e.signal === 'html ~ data-framer-name')).toHaveLength(1);
  });

  it('ignores megabytes of data: URIs and thousands of images', () => {
    const dataImg = `<img src="data:image/png;base64,${'A'.repeat(2_000_000)}" alt="">`;
    const imgs = '<img src="/photos/a.jpg" alt="">'.repeat(5_000);
    const html = `<!doctype html><html><head><title>G</title></head><body>${dataImg}${imgs}</body></html>`;
    expect(detectBuilder(contextFor(html))).toBe('Unknown');
  });
});
