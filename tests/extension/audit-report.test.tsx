import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { AuditReport } from '../../extension/components/AuditReport.js';
import { SyncBadge } from '../../extension/components/SyncBadge.js';
import { sampleAudit } from './helpers/sample-audit.js';

let root: HTMLElement;
const mount = (node: preact.ComponentChild) => {
  root = document.createElement('div');
  document.body.appendChild(root);
  render(node, root);
  return root;
};
afterEach(() => {
  render(null, root);
  root.remove();
});

describe('AuditReport', () => {
  it('shows the score as a gauge with an accessible name, and six category bars', () => {
    const el = mount(<AuditReport audit={sampleAudit()} record={undefined} />);
    expect(el.querySelector('svg.gauge')?.getAttribute('aria-label')).toBe('Score 72 out of 100');
    const bars = [...el.querySelectorAll('.bars li')].map((li) => [li.querySelector('.bar-name')!.textContent, li.querySelector('.bar-score')!.textContent]);
    expect(bars).toEqual([
      ['Crawler Access', '90'], ['Rendering', '40'], ['Structured Data', '80'], ['Content Structure', '75'], ['AI Discovery', '60'], ['Trust', '100'],
    ]);
    expect(el.querySelector('[data-testid="builder"]')?.textContent).toBe('Webflow');
  });

  it('groups issues by severity, critical open, each with its advice', () => {
    const el = mount(<AuditReport audit={sampleAudit()} record={undefined} />);
    const groups = [...el.querySelectorAll('details.issue-group')] as HTMLDetailsElement[];
    expect(groups.map((g) => g.className)).toEqual(['issue-group sev-critical', 'issue-group sev-warning', 'issue-group sev-notice']);
    expect(groups.map((g) => g.open)).toEqual([true, false, false]);
    expect(el.querySelector('[data-rule="robots.search-agents-blocked"] p')?.textContent).toBe('robots.txt blocks OAI-SearchBot. Allow it.');
  });

  it('lists crawler verdicts and WebMCP static beside runtime', () => {
    const el = mount(<AuditReport audit={sampleAudit()} record={undefined} />);
    const row = [...el.querySelectorAll('table.crawlers tbody tr')].find((r) => r.textContent?.includes('OAI-SearchBot'));
    expect(row?.querySelector('td.blocked')?.textContent).toBe('blocked');
    expect(el.querySelector('[data-testid="webmcp-static"]')?.textContent).toBe('not found');
    expect(el.querySelector('[data-testid="webmcp-runtime-tools"]')?.textContent).toBe('book_tasting');
    expect(el.querySelector('[data-testid="webmcp-api"]')?.textContent).toBe('document.modelContext (polyfill)');
    expect(el.querySelector('[data-testid="webmcp-source"]')?.textContent).toBe('runtime');
    expect(el.textContent).toContain('book_tasting: tools.js:3:18 (code the static scan did not cover)');
  });

  it('counts issues by severity in words that agree with the numbers', () => {
    const audit = sampleAudit();
    const el = mount(<AuditReport audit={audit} record={undefined} />);
    const counts = { critical: 0, warning: 0, notice: 0 };
    for (const i of audit.issues) counts[i.severity]++;
    const text = [...el.querySelectorAll('.summary-text p.muted')].map((p) => p.textContent)[0];
    expect(text).toContain(`${counts.warning} warning${counts.warning === 1 ? '' : 's'}`);
    audit.issues = audit.issues.filter((i) => i.severity !== 'warning').concat({ ...audit.issues[0]!, severity: 'warning' });
    render(null, root);
    const one = mount(<AuditReport audit={audit} record={undefined} />);
    expect(one.querySelector('.summary-text p.muted')?.textContent).toMatch(/· 1 warning ·/);
  });

  it('says "unknown", not "none", for runtime tools when the browser has no API', () => {
    const audit = sampleAudit();
    audit.signals.webmcp.runtime = { apiAvailable: false, tools: [], checkedAt: audit.scanned_at, surface: 'none' };
    const el = mount(<AuditReport audit={audit} record={undefined} />);
    expect(el.querySelector('[data-testid="webmcp-runtime-tools"]')?.textContent).toBe('unknown');
    expect(el.querySelector('[data-testid="webmcp-api"]')?.textContent).toBe('not available in this browser');
  });
});

describe('SyncBadge', () => {
  it.each([
    [{ state: 'synced', attempts: 1 }, 'Synced'],
    [{ state: 'pending', attempts: 2, reason: 'Backend is unreachable' }, 'Pending: Backend is unreachable'],
    [{ state: 'failed', attempts: 1, reason: 'Conflict (409)' }, 'Sync failed: Conflict (409)'],
    [
      { state: 'failed', attempts: 1, reason: 'API key refused (401)', waitForSettings: 'k1' },
      'Sync failed: API key refused (401) (retried automatically; fix it in Options to retry now)',
    ],
  ] as const)('shows %j as %s', (sync, text) => {
    expect(mount(<SyncBadge sync={{ ...sync }} />).textContent).toBe(text);
  });
});
