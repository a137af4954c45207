import { paragraphs, resource, snapshot, words } from '../helpers/snapshot.js';
import type { Snapshot } from '../../shared/types/index.js';

export const ARTICLE_URL = 'https://example.com/guides/cold-brew';

const JSON_LD = JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    {
      '@type': 'BlogPosting',
      '@id': `${ARTICLE_URL}#article`,
      headline: 'How to brew cold brew coffee at home',
      author: { '@id': 'https://example.com/#ada' },
      publisher: { '@id': 'https://example.com/#org' },
      datePublished: '2026-05-02T08:00:00Z',
      dateModified: '2026-10-01T08:00:00Z',
    },
    { '@type': 'Person', '@id': 'https://example.com/#ada', name: 'Ada Brewer', url: 'https://example.com/about/ada' },
    { '@type': 'Organization', '@id': 'https://example.com/#org', name: 'Example Coffee' },
  ],
});

/** A well-made, server-rendered article: everything Rendering, Content Structure and Trust look for. */
export const WELL_MADE_ARTICLE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>How to brew cold brew coffee at home: a complete guide</title>
<meta name="description" content="A step-by-step guide to smooth cold brew coffee at home: ratio, grind size, steeping time and storage, tested over twelve batches.">
<meta property="og:type" content="article">
<script type="application/ld+json">${JSON_LD}</script>
</head>
<body>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/guides">Guides</a></li><li><a href="/about">About us</a></li><li><a href="/contact">Contact</a></li></ul></nav></header>
<main>
<article>
<h1>How to brew cold brew coffee at home</h1>
<p class="byline">By Ada Brewer, updated <time datetime="2026-10-01">1 October 2026</time></p>
${paragraphs(2, 90)}
<img src="/img/jar.jpg" alt="A glass jar of cold brew steeping on a kitchen counter">
<img src="/img/divider.svg" alt="">
<h2>What is cold brew coffee?</h2>
<p>Cold brew is coffee steeped in cold water for 12 to 24 hours instead of brewed with hot water. ${words(80, 1)}</p>
<h2>How much coffee do I need?</h2>
<p>Use one part coarse ground coffee to eight parts water by weight. ${words(70, 2)}</p>
<ul><li>100 g coarse ground coffee</li><li>800 g cold filtered water</li><li>A one-litre jar with a lid</li></ul>
<h3>Which grind size works best?</h3>
<p>A coarse grind, like raw sugar, keeps the brew clear and easy to filter. ${words(60, 3)}</p>
<table><tr><th>Steep time</th><th>Taste</th></tr><tr><td>12 hours</td><td>Light</td></tr><tr><td>18 hours</td><td>Balanced</td></tr></table>
<h2>How long does cold brew keep?</h2>
<p>Cold brew concentrate keeps for up to two weeks in a closed jar in the fridge. ${words(70, 4)}</p>
<p>The Specialty Coffee Association publishes <a href="https://sca.coffee/research/coffee-standards">brewing standards</a>, and
<a href="https://en.wikipedia.org/wiki/Cold_brew_coffee">the encyclopedia entry on cold brew</a> covers its history; see also
<a href="https://www.ncausa.org/About-Coffee/Coffee-Around-the-World">the National Coffee Association</a>.</p>
${paragraphs(3, 90)}
</article>
</main>
<footer><p><a href="/about">About</a> · <a href="mailto:hello@example.com">hello@example.com</a></p></footer>
</body>
</html>`;

/** The page served as a fast HTTPS response with HSTS. */
export function wellMadeArticleSnapshot(over: Partial<Snapshot> = {}): Snapshot {
  return snapshot(WELL_MADE_ARTICLE, {
    requestedUrl: ARTICLE_URL,
    page: resource(ARTICLE_URL, WELL_MADE_ARTICLE, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'strict-transport-security': 'max-age=31536000' },
      timings: { ttfbMs: 120, totalMs: 180 },
    }),
    ...over,
  });
}

/** What create-react-app serves: a title, a noscript message and an empty #root. */
export const SPA_SHELL = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>React App</title><script defer src="/static/js/main.3f9c1e.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body>
</html>`;
