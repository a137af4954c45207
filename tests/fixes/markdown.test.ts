/** The page's Markdown twin and the delivery examples: readable Markdown, no stack trouble, examples that parse. */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, leadParagraph } from '../../shared/fixes/markdown/html-to-markdown.js';
import { CLOUDFLARE_WORKER, NEXTJS_MIDDLEWARE, NGINX_CONFIG } from '../../shared/fixes/markdown/configs.js';
import { articlePage } from '../fixtures/sites/good-article.js';

describe("a page's Markdown", () => {
  it('keeps headings, lists, tables, links and images, without navigation or footers', () => {
    const md = htmlToMarkdown(articlePage('https://brew.example'), 'https://brew.example/guides/pour-over-coffee', null)!;
    expect(md.startsWith('# How to brew pour-over coffee\n')).toBe(true);
    expect(md).toContain('\n## How much coffee should I use?\n');
    expect(md).toContain('| Cup | Coffee | Water | Total time |\n| --- | --- | --- | --- |');
    expect(md).toMatch(/^1\. Rinse the paper filter/m);
    expect(md).toContain('[Specialty Coffee Association](https://sca.coffee/research)');
    expect(md).toMatch(/!\[A V60 dripper[^\]]*\]\(https:\/\/brew\.example\/images\/v60-setup\.jpg\)/);
    expect(md).not.toContain('Privacy');
    expect(leadParagraph(md)).toMatch(/^Pour-over coffee rewards a little care/);
  });

  it('reads a page nested 50,000 deep as text, without overflowing the stack', () => {
    const deep = `<html><body><main>${'<div><span>'.repeat(25_000)}deep text${'</span></div>'.repeat(25_000)}</main></body></html>`;
    expect(htmlToMarkdown(deep, 'https://x.example/', 'Deep')).toBe('# Deep\n\ndeep text\n');
  });
});

describe('the Markdown delivery examples', () => {
  it('the Worker and the Next.js middleware are valid modules; nginx varies on Accept', () => {
    for (const [source, name] of [
      [CLOUDFLARE_WORKER, 'worker.js'],
      [NEXTJS_MIDDLEWARE, 'middleware.ts'],
    ] as const) {
      const out = ts.transpileModule(source, {
        fileName: name,
        reportDiagnostics: true,
        compilerOptions: { module: ts.ModuleKind.ESNext },
      });
      expect(out.diagnostics ?? []).toEqual([]);
    }
    expect(NEXTJS_MIDDLEWARE).toContain("'x-markdown-tokens'");
    expect(NGINX_CONFIG).toContain('add_header Vary Accept always;');
    expect(NGINX_CONFIG).toContain('try_files $uri$citable_md $uri/index.html$citable_md $uri $uri/ =404;');
    expect(NGINX_CONFIG).not.toMatch(/^types \{/m);
  });
});
