/** llms.txt and llms-full.txt from a crawl's pages: valid, sectioned by URL pattern, within the size agents read whole. */
import { describe, expect, it } from 'vitest';
import { buildCrawlFixes, crawlPageEntry } from '../../shared/fixes/build-fixes.js';
import { emptyInputs } from '../../shared/fixes/inputs.js';
import { LLMS_TXT_MAX_CHARS } from '../../shared/fixes/generators/llms-txt.js';
import { validateLlmsTxt } from '../../shared/llms-txt/validate.js';
import type { Fix } from '../../shared/fixes/types.js';

const ORIGIN = 'https://shop.example';

function crawlFixes(count: number): Fix[] {
  const pages = [
    crawlPageEntry(`${ORIGIN}/`, { title: 'Shop [Example]', description: 'Everything for the home barista, shipped in two days.' }),
    ...Array.from({ length: count }, (_, i) =>
      crawlPageEntry(`${ORIGIN}/${i % 3 ? 'products' : 'blog'}/item-(${i})`, {
        title: `Item ${i} [new]`,
        description: `A description of item ${i} that is long enough to take some room in the file. `.repeat(3),
      }),
    ),
  ];
  const source = { siteRules: new Set(['llms-txt.present']), startPageRules: new Set<string>(), pages, agentFiles: [] };
  return buildCrawlFixes(source, { ...emptyInputs(`${ORIGIN}/`, 'not read'), robots: { state: 'missing' } }, 'keep-training-choices');
}

describe('llms.txt from a crawl', () => {
  it('is valid, with one section per URL pattern and each link described', () => {
    const llms = crawlFixes(20).find((f) => f.path === '/llms.txt')!;
    const validation = validateLlmsTxt(llms.content);
    expect(validation.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(validation.title).toBe('Shop [Example]');
    expect(validation.summary).toBe('Everything for the home barista, shipped in two days.');
    expect(validation.sections.map((s) => s.name)).toEqual(['Home', 'Products', 'Blog', 'Optional']);
    expect(llms.content).toContain(`- [Item 1 (new)](${ORIGIN}/products/item-%281%29): A description of item 1`);
  });

  it('stays under the size agents read whole, and lists every page in llms-full.txt', () => {
    const fixes = crawlFixes(3000);
    const llms = fixes.find((f) => f.path === '/llms.txt')!;
    const full = fixes.find((f) => f.path === '/llms-full.txt')!;
    expect(llms.content.length).toBeLessThanOrEqual(LLMS_TXT_MAX_CHARS);
    expect(llms.content).toContain(`(${ORIGIN}/llms-full.txt)`);
    expect(llms.explanation).toMatch(/of 3,?001 pages/);
    expect(full.content.match(/^- \[/gm)).toHaveLength(3001);
    expect(validateLlmsTxt(full.content).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });
});
