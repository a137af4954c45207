/** The dashboard's fixes: each once under the first issue it fixes, a copy button per fix, the head before and after. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { FixesPanel } from '../../extension/components/dashboard/FixesPanel.js';
import { archiveName, groupFixes } from '../../extension/lib/dashboard/fixes.js';
import type { Fix } from '../../extension/lib/api/types.js';

const fix = (id: string, rules: string[], over: Partial<Fix> = {}): Fix => ({
  id,
  rules,
  title: id,
  kind: 'file',
  path: '/robots.txt',
  media_type: 'text/plain',
  content: `content of ${id}`,
  explanation: `why ${id}`,
  preview: null,
  ...over,
});
const ISSUES = [
  { rule: 'robots.search-agents-blocked', title: 'Search agents blocked', severity: 'critical' },
  { rule: 'content.title', title: 'Weak title', severity: 'warning' },
  { rule: 'sitemap.in-robots', title: 'No sitemap line', severity: 'notice' },
];

let root: HTMLElement | null = null;
afterEach(() => {
  if (!root) return;
  render(null, root);
  root.remove();
  root = null;
});
const mount = (fixes: Fix[]) => {
  const el = document.createElement('div');
  document.body.appendChild(el);
  render(<FixesPanel fixes={{ state: 'ok', data: { fixes } }} issues={ISSUES} url="https://shop.example/" onRetry={() => {}} />, el);
  return (root = el);
};

describe('fixes in the dashboard', () => {
  it('groups each fix once, under the first issue it fixes, the others last', () => {
    const robots = fix('robots', ['sitemap.in-robots', 'robots.search-agents-blocked']);
    const head = fix('head', ['content.title']);
    const catalog = fix('catalog', []);
    expect(groupFixes(ISSUES, [catalog, head, robots]).map((g) => [g.issue?.rule ?? null, g.fixes.map((f) => f.id)])).toEqual([
      ['robots.search-agents-blocked', ['robots']],
      ['content.title', ['head']],
      [null, ['catalog']],
    ]);
    expect(archiveName('https://shop.example/a', new Date('2026-03-01T10:00:00Z'))).toBe('citable-fixes-shop.example-2026-03-01.zip');
  });

  it('shows each fix with its content, a copy button that copies it, and the head before and after', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const el = mount([
      fix('robots', ['robots.search-agents-blocked']),
      fix('head', ['content.title'], {
        kind: 'snippet',
        path: '/',
        content: '<title>Shop</title>',
        preview: { before: '<title>Home</title>', after: '<title>Shop</title>' },
      }),
    ]);
    const cards = el.querySelectorAll('.fix-card');
    expect(cards).toHaveLength(2);
    expect(el.querySelector('section[aria-label="Fixes for: Weak title"] pre')!.textContent).toBe('<title>Shop</title>');
    expect([...el.querySelectorAll('.fix-preview pre')].map((p) => p.textContent)).toEqual(['<title>Home</title>', '<title>Shop</title>']);
    (cards[1]!.querySelector('button[data-action="copy-fix"]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(cards[1]!.querySelector('[role="status"]')!.textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('<title>Shop</title>');
    expect(el.querySelector('button[data-action="download-fixes"]')!.textContent).toContain('Download all 2 fixes');
  });

  it('says when there is nothing to fix', () => {
    expect(mount([]).textContent).toContain('Nothing to fix that Citable can write for you.');
  });
});
