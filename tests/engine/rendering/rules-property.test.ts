import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JudgeContext } from '../../../shared/judge/context.js';
import { NOT_APPLICABLE } from '../../../shared/judge/rule.js';
import { renderingRules } from '../../../shared/rules/rendering/index.js';
import { contentStructureRules } from '../../../shared/rules/content-structure/index.js';
import { trustRules } from '../../../shared/rules/trust/index.js';
import { resource, snapshot } from '../../helpers/snapshot.js';
import type { Snapshot } from '../../../shared/types/index.js';

const rules = [...renderingRules, ...contentStructureRules, ...trustRules];

// Fragments that reach the interesting branches: headings, SPA roots, JSON-LD, links, dates, images.
const fragment = fc.oneof(
  fc.constantFrom(
    '<h1>',
    '</h1>',
    '<h2>What is it?</h2>',
    '<h4>',
    '<p>',
    '</p>',
    '<ul><li>a<li>b</ul>',
    '<table><tr><td>1<tr><td>2</table>',
    '<div id="root">',
    '<div id="__next"></div>',
    '<app-root></app-root>',
    '<noscript>Please enable JavaScript</noscript>',
    '<main>',
    '</main>',
    '<article>',
    '</article>',
    '<nav>',
    '</nav>',
    '<footer>',
    '<a href="/about">About</a>',
    '<a href="mailto:x@y.z">mail</a>',
    '<a href="https://other.org/x">ref</a>',
    '<a href="http://[bad">x</a>',
    '<a href="%%">read more</a>',
    '<img src="a.png">',
    '<img alt="">',
    '<img alt="photo.jpg" role="none">',
    '<figure><img><figcaption>c</figcaption></figure>',
    '<time datetime="2024-02-30">x</time>',
    '<time datetime="2020-01-01T10:00+05:00">',
    '<meta name="author" content="A">',
    '<meta property="og:type" content="article">',
    '<meta name="description" content="d">',
    '<title>',
    '</title>',
    '<script type="application/ld+json">{"@graph":[{"@type":"Article","author":{"@id":"#a"},"datePublished":"2019-01-01"},{"@id":"#a"}]}</script>',
    '<script type="application/ld+json">{"author":[null,1,{"name":[]}],"dateModified":{"@value":7}}</script>',
    '<script type="application/ld+json">{oops</script>',
    '<script type="module" src="/m.js"></script>',
    '<span class="byline">By A</span>',
    '<html lang="en_US">',
    '\uFFFD',
    '<!--',
    '-->',
    '<',
    '>',
    '&amp;',
    '"',
    "'",
  ),
  fc.string({ maxLength: 40 }),
  fc.lorem({ maxCount: 60 }).map((s) => `<p>${s}</p>`),
);
const html = fc.oneof(
  fc.array(fragment, { maxLength: 60 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 400 }),
);

const snapshotArb: fc.Arbitrary<Snapshot> = fc
  .record({
    body: html,
    rendered: fc.option(html, { nil: undefined }),
    url: fc.constantFrom('https://example.com/a/b', 'http://127.0.0.1:8080/', 'https://xn--bcher-kva.example/'),
    // Weighted towards readable HTML so most runs reach the content rules.
    status: fc.constantFrom(200, 200, 200, 200, 0, 204, 404, 500),
    contentType: fc.constantFrom(
      'text/html; charset=utf-8',
      'text/html',
      'text/html',
      'text/plain',
      'application/json',
      '',
      'application/pdf',
    ),
    binary: fc.constantFrom(false, false, false, true),
    truncated: fc.boolean(),
    bytes: fc.nat({ max: 8_000_000 }),
    ttfb: fc.option(fc.double({ min: -10, max: 60_000, noNaN: false }), { nil: undefined }),
    total: fc.double({ min: -10, max: 60_000, noNaN: false }),
    hsts: fc.option(fc.constantFrom('max-age=0', 'max-age=abc', 'max-age=31536000', ''), { nil: undefined }),
    startedAt: fc.constantFrom('2026-11-21T00:00:00.000Z', 'not a date', '1970-01-01T00:00:00Z'),
  })
  .map((r) => {
    const headers: Record<string, string> = {};
    if (r.contentType) headers['content-type'] = r.contentType;
    if (r.hsts !== undefined) headers['strict-transport-security'] = r.hsts;
    return snapshot(r.body, {
      requestedUrl: r.url,
      page: resource(r.url, r.body, {
        status: r.status,
        headers,
        binary: r.binary,
        truncated: r.truncated,
        bytes: r.bytes,
        timings: { ttfbMs: r.ttfb, totalMs: r.total },
      }),
      startedAt: r.startedAt,
      ...(r.rendered === undefined
        ? {}
        : { origin: 'extension' as const, rendered: { html: r.rendered, url: '', capturedAt: r.startedAt } }),
    });
  });

describe('Rendering, Content Structure and Trust rules on arbitrary input', () => {
  it('never throw, and every outcome is a score in [0, 1] with a detail when below 1', () => {
    fc.assert(
      fc.property(snapshotArb, (snap) => {
        const ctx = new JudgeContext(snap);
        for (const rule of rules) {
          const result = rule.check(ctx);
          if (result === NOT_APPLICABLE) continue;
          expect(Number.isFinite(result.score), rule.id).toBe(true);
          expect(result.score, rule.id).toBeGreaterThanOrEqual(0);
          expect(result.score, rule.id).toBeLessThanOrEqual(1);
          if (result.score < 1) expect(result.detail, rule.id).toMatch(/\S/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
