// Pre-builds the V8 code cache of the `citable audit` and `citable crawl` bundles (server/cli/code-cache.ts), so even
// the first audit after `npm install` skips compiling it: one real audit of a small page served here on
// 127.0.0.1, with the parts an audit usually meets (robots.txt, sitemap, llms.txt, JSON-LD, scripts).
// Functions this page does not reach are compiled when a real page needs them. Never fails the build:
// without the cache the CLI only starts slower, and it writes the cache after its first audit anyway.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const launcher = fileURLToPath(new URL('../dist/citable.cjs', import.meta.url));

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Warming the audit: a sample guide</title>
<meta name="description" content="A sample article served on loopback while the CLI is built.">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="canonical" href="/guide">
<link rel="alternate" type="text/markdown" href="/guide.md">
<meta property="og:title" content="A sample guide"><meta property="og:type" content="article">
<meta name="twitter:card" content="summary">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"A sample guide",
"author":{"@type":"Person","name":"Sam Example"},"datePublished":"2026-01-01","dateModified":"2026-02-01",
"publisher":{"@type":"Organization","name":"Example","url":"https://example.com/"}}</script>
<script src="/app.js" defer></script></head>
<body><header><nav><a href="/about">About</a> <a href="/contact">Contact</a></nav></header>
<main><article><h1>A sample guide</h1><p>By Sam Example, <time datetime="2026-02-01">1 February 2026</time>.</p>
<h2>What is a sample guide?</h2><p>${'A sample guide explains one thing in plain words, with sources. '.repeat(20)}</p>
<ul><li>One step</li><li>Another step</li></ul><table><tr><th>Step</th><td>One</td></tr></table>
<img src="/a.png" alt="A diagram"><p>See <a href="https://www.rfc-editor.org/rfc/rfc9309">RFC 9309</a>.</p>
<form toolname="search_guides" tooldescription="Search the guides"><input name="q"></form>
</article></main><footer>Example</footer></body></html>`;

const files = {
  '/guide': ['text/html; charset=utf-8', page],
  '/app.js': [
    'text/javascript',
    'navigator.modelContext && navigator.modelContext.registerTool({ name: "add_to_cart", description: "Add an item", inputSchema: { type: "object" }, execute: async () => ({}) });\n',
  ],
  '/robots.txt': ['text/plain', 'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /private/\n\nSitemap: /sitemap.xml\n'],
  '/sitemap.xml': [
    'application/xml',
    '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/guide</loc><lastmod>2026-02-01</lastmod></url></urlset>',
  ],
  '/llms.txt': ['text/plain', '# Example\n\n> Guides, explained plainly.\n\n## Guides\n\n- [A sample guide](/guide): the sample\n'],
};

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const file = files[url.pathname];
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const body = file[1]
    .replaceAll('href="/', `href="${origin}/`)
    .replaceAll('<loc>/', `<loc>${origin}/`)
    .replaceAll('(/', `(${origin}/`)
    .replaceAll('Sitemap: /', `Sitemap: ${origin}/`);
  res.writeHead(200, { 'content-type': file[0] }).end(body);
});

let origin = '';
try {
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  // The audit, then a crawl of the same page: its audit thread (dist/cli/audit-thread.cjs) keeps its own cache.
  for (const command of [
    ['audit', `${origin}/guide`, '--json'],
    ['crawl', `${origin}/guide`, '--max-pages', '2', '--json'],
  ])
    await new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        [launcher, ...command],
        { env: { PATH: process.env.PATH ?? '', AUDIT_ALLOW_PRIVATE: '1' }, timeout: 30_000 },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
} catch (err) {
  console.log(
    `citable: the audit's code cache was not pre-built (${err instanceof Error ? err.message.split('\n')[0] : err}); the first audit builds it`,
  );
} finally {
  server.close();
}
