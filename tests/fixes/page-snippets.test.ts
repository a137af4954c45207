/**
 * The snippets for a page (head tags, JSON-LD): values from the page only, placeholders for the rest, markup
 * that cannot break out of its element, and a before/after of the head.
 */
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio/slim';
import { auditSnapshot } from '../../shared/audit/audit-snapshot.js';
import { buildAuditFixes } from '../../shared/fixes/build-fixes.js';
import { inputsFromSnapshot } from '../../shared/fixes/read-inputs.js';
import { hasPlaceholder, type Fix } from '../../shared/fixes/types.js';
import { readJsonLdSources } from '../../shared/structured-data/json-ld.js';
import type { Snapshot } from '../../shared/types/snapshot.js';
import { resource, snapshot } from '../helpers/snapshot.js';

const URL_ = 'https://example.com/guides/cold-brew';

function fixesOf(snap: Snapshot): Fix[] {
  const audit = auditSnapshot(snap, { id: '00000000-0000-4000-8000-000000000000' });
  return buildAuditFixes(audit, inputsFromSnapshot(snap), 'keep-training-choices');
}
const jsonLdOf = (fixes: Fix[]) => fixes.find((f) => f.title === 'JSON-LD structured data')!;
const headOf = (fixes: Fix[]) => fixes.find((f) => f.title === 'Head tags')!;
const pageSnapshot = (html: string, over: Partial<Parameters<typeof resource>[2]> = {}) =>
  snapshot(html, { requestedUrl: URL_, page: resource(URL_, html, over) });

/** The JSON inside the snippet's one script element, read as a browser would. */
function scriptJson(fix: Fix): unknown {
  const $ = load(fix.content);
  expect($('script')).toHaveLength(1);
  return JSON.parse($('script').text());
}

describe('the JSON-LD snippet', () => {
  it('never lets a value close its script element', () => {
    const hostile = 'Cold brew </script><script>alert(1)</script> <!-- & more';
    const fixes = fixesOf(
      pageSnapshot(
        `<!doctype html><html lang="en"><head><title>${hostile.replace(/</g, '&lt;')}</title>` +
          `<meta property="og:site_name" content="${hostile.replace(/</g, '&lt;').replace(/"/g, '&quot;')}"></head>` +
          `<body><h1>${hostile.replace(/</g, '&lt;')}</h1><p>Text.</p></body></html>`,
      ),
    );
    const fix = jsonLdOf(fixes);
    expect(fix.content.toLowerCase().match(/<\/script/g)).toHaveLength(1);
    expect(fix.content).not.toContain('<!--');
    expect(JSON.stringify(scriptJson(fix))).toContain('</script><script>alert(1)</script>');
  });

  it('keeps values taken from existing JSON-LD that hold markup inside its script element', () => {
    const existing = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'A </script> B',
      url: 'https://example.com/',
    });
    const fix = jsonLdOf(
      fixesOf(
        pageSnapshot(
          `<html><head><title>Cold brew at home, step by step</title><script type="application/ld+json">${existing.replace('</', '<\\/')}</script></head><body><h1>Cold brew</h1></body></html>`,
        ),
      ),
    );
    const graph = (scriptJson(fix) as { '@graph': Array<Record<string, unknown>> })['@graph'];
    expect(graph.find((n) => n['@type'] === 'Organization')?.name).toBe('A </script> B');
  });

  it('states only what the site says, and marks every other value for the user to fill', () => {
    const fix = jsonLdOf(
      fixesOf(pageSnapshot('<html><head><title>Cold brew at home, step by step</title></head><body><h1>Cold brew</h1></body></html>')),
    );
    const graph = (scriptJson(fix) as { '@graph': Array<Record<string, unknown>> })['@graph'];
    const org = graph.find((n) => n['@type'] === 'Organization')!;
    expect(org.url).toBe('https://example.com/');
    for (const unknown of [org.name, org.logo, (org.sameAs as string[])[0]]) expect(hasPlaceholder(String(unknown))).toBe(true);
    expect(fix.explanation).toMatch(/FILL IN/);
  });

  it('builds an Article from the byline and dates, merged with the page’s own Article', () => {
    const article = JSON.stringify({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'Cold brew, the slow way' });
    const html =
      `<html><head><title>Cold brew at home, step by step</title><meta name="author" content="Ana Ruiz">` +
      `<meta property="article:published_time" content="2026-02-03"><script type="application/ld+json">${article}</script></head>` +
      `<body><article><h1>Cold brew</h1><p>Steep for twelve hours.</p></article></body></html>`;
    const graph = (scriptJson(jsonLdOf(fixesOf(pageSnapshot(html)))) as { '@graph': Array<Record<string, unknown>> })['@graph'];
    const post = graph.find((n) => n['@type'] === 'BlogPosting')!;
    expect(post).toMatchObject({ headline: 'Cold brew, the slow way', author: { name: 'Ana Ruiz' }, datePublished: '2026-02-03' });
    expect(readJsonLdSources([{ text: JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }) }]).blocks[0]!.ok).toBe(true);
  });
});

describe('the head snippets', () => {
  it('write a page in another encoding in ASCII, with character references', () => {
    const html =
      '<html><head><meta charset="windows-1252"><title>Home</title><meta property="og:site_name" content="Café Crème"></head><body><h1>Café crème, à la maison</h1><p>Un café.</p></body></html>';
    const fixes = fixesOf(pageSnapshot(html, { encoding: 'windows-1252', headers: { 'content-type': 'text/html; charset=windows-1252' } }));
    for (const fix of fixes.filter((f) => f.kind === 'snippet')) expect(fix.content, fix.title).toMatch(/^[\x09\x0a\x0d\x20-\x7e]*$/);
    expect(headOf(fixes).content).toContain('Caf&#xE9; cr&#xE8;me');
    expect(JSON.stringify(scriptJson(jsonLdOf(fixes)))).toContain('"name":"Café Crème"');
    expect(headOf(fixes).explanation).toContain('windows-1252');
  });

  it('show the head before and after, changed only where the snippet says', () => {
    const html =
      '<html><head><meta charset="utf-8"><title>Home</title><link rel="stylesheet" href="/a.css"></head><body><h1>Cold brew at home</h1></body></html>';
    const head = headOf(fixesOf(pageSnapshot(html)));
    expect(head.preview!.before).toContain('<title>Home</title>');
    expect(head.preview!.after).not.toContain('<title>Home</title>');
    expect(head.preview!.after).toContain('<title>Cold brew at home</title>');
    expect(head.preview!.after).toContain('<link rel="stylesheet" href="/a.css">');
  });
});
