import { resource, snapshot, textFile } from '../../helpers/snapshot.js';
import type { Snapshot } from '../../../shared/types/index.js';

export const ARTICLE_URL = 'https://example.com/blog/ai-readiness';

const JSON_LD = {
  '@context': 'https://schema.org',
  '@graph': [
    {
      '@type': 'Organization',
      '@id': 'https://example.com/#org',
      name: 'Example Co',
      url: 'https://example.com/',
      logo: { '@type': 'ImageObject', url: 'https://example.com/logo.png' },
      sameAs: ['https://www.linkedin.com/company/example', 'https://github.com/example'],
    },
    {
      '@type': 'WebSite',
      '@id': 'https://example.com/#website',
      name: 'Example Co',
      url: 'https://example.com/',
      publisher: { '@id': 'https://example.com/#org' },
    },
    {
      '@type': 'BlogPosting',
      headline: 'How AI answer engines read your site',
      author: { '@type': 'Person', name: 'Jane Doe', url: 'https://example.com/about/jane' },
      datePublished: '2026-10-01T09:00:00+00:00',
      dateModified: '2026-11-02T10:00:00+00:00',
      image: 'https://example.com/img/cover.png',
      publisher: { '@id': 'https://example.com/#org' },
      mainEntityOfPage: ARTICLE_URL,
    },
    {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Blog', item: 'https://example.com/blog' },
        { '@type': 'ListItem', position: 2, name: 'AI readiness' },
      ],
    },
  ],
};

export const WELL_MADE_HTML = `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8">
<title>How AI answer engines read your site | Example Co</title>
<meta name="description" content="What AI answer engines need to read, use and cite a page.">
<link rel="canonical" href="${ARTICLE_URL}">
<link rel="alternate" type="text/markdown" href="${ARTICLE_URL}.md">
<meta property="og:title" content="How AI answer engines read your site">
<meta property="og:description" content="What AI answer engines need to read, use and cite a page.">
<meta property="og:image" content="https://example.com/img/cover.png">
<meta property="og:type" content="article">
<meta property="og:url" content="${ARTICLE_URL}">
<meta name="twitter:card" content="summary_large_image">
<script type="application/ld+json">${JSON.stringify(JSON_LD)}</script>
</head><body><main><article><h1>How AI answer engines read your site</h1><p>Body text.</p></article></main></body></html>`;

export const WELL_MADE_LLMS_TXT = `# Example Co

> Example Co writes guides about making websites readable by AI answer engines.

Guides are updated monthly.

## Guides

- [AI readiness](https://example.com/blog/ai-readiness.md): how answer engines read a page
- [Structured data](/blog/structured-data.md): JSON-LD that engines use

## Optional

- [Company history](https://example.com/about.md)
`;

export const WELL_MADE_SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><lastmod>2026-11-01</lastmod></url>
  <url><loc>${ARTICLE_URL}</loc><lastmod>2026-11-02T10:00:00+00:00</lastmod></url>
</urlset>`;

/** A carefully made article page: every Structured Data and AI Discovery rule should pass. */
export function wellMadeSite(over: Partial<Snapshot> = {}): Snapshot {
  const page = resource(ARTICLE_URL, WELL_MADE_HTML, {
    headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Accept' },
  });
  return snapshot(WELL_MADE_HTML, {
    requestedUrl: ARTICLE_URL,
    page,
    pageAsSearchAgent: page,
    pageAsUserAgent: page,
    markdown: resource(ARTICLE_URL, '# How AI answer engines read your site\n\nBody text.\n', {
      headers: { 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept', 'x-markdown-tokens': '12' },
    }),
    robotsTxt: textFile('https://example.com/robots.txt', 'User-agent: *\nAllow: /\n\nSitemap: https://example.com/sitemap.xml\n'),
    llmsTxt: textFile('https://example.com/llms.txt', WELL_MADE_LLMS_TXT, 'text/markdown; charset=utf-8'),
    llmsFullTxt: textFile('https://example.com/llms-full.txt', '# Example Co\n\n## AI readiness\n\nFull text.\n', 'text/markdown'),
    sitemap: textFile('https://example.com/sitemap.xml', WELL_MADE_SITEMAP, 'application/xml'),
    llmsTxtLinks: [
      { url: 'https://example.com/blog/ai-readiness.md', status: 200 },
      { url: 'https://example.com/blog/structured-data.md', status: 200 },
      { url: 'https://example.com/about.md', status: 200 },
    ],
    ...over,
  });
}
