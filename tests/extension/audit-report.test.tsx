import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { PopupReport as AuditReport } from '../../extension/components/PopupReport.js';
import { SyncBadge } from '../../extension/components/SyncBadge.js';
import { sampleAudit } from './helpers/sample-audit.js';
import type { Audit } from '../../shared/types/audit.js';

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
    const bars = [...el.querySelectorAll('.categories g[data-category]')].map((g) => [
      g.querySelector('.chart-label')!.textContent,
      g.querySelector('text:last-child')!.textContent,
    ]);
    expect(bars).toEqual([
      ['Crawler Access', '90'],
      ['Rendering', '40'],
      ['Structured Data', '80'],
      ['Content Structure', '75'],
      ['AI Discovery', '60'],
      ['Trust', '100'],
    ]);
    expect(el.querySelector('[data-testid="builder"]')?.textContent).toBe('Webflow');
  });

  it('a builder no fingerprint matched reads "Builder not recognised", as the HTML report leaves it out', () => {
    const el = mount(<AuditReport audit={{ ...sampleAudit(), builder: 'Unknown' }} record={undefined} />);
    expect(el.querySelector('[data-testid="builder"]')?.textContent).toBe('Builder not recognised');
    expect(el.textContent).not.toContain('Built with');
  });

  it('groups issues by severity, critical open, each with its advice', () => {
    const el = mount(<AuditReport audit={sampleAudit()} record={undefined} />);
    const groups = [...el.querySelectorAll('details.issue-group')] as HTMLDetailsElement[];
    expect(groups.map((g) => g.className)).toEqual(['issue-group sev-critical', 'issue-group sev-warning', 'issue-group sev-notice']);
    expect(groups.map((g) => g.open)).toEqual([true, false, false]);
    expect(el.querySelector('[data-rule="robots.search-agents-blocked"] .advice')?.textContent).toBe(
      'robots.txt blocks OAI-SearchBot. Allow it.',
    );
  });

  it('lists crawler verdicts and WebMCP static beside runtime', () => {
    const el = mount(<AuditReport audit={sampleAudit()} record={undefined} />);
    const row = [...el.querySelectorAll('table.crawlers tbody tr')].find((r) => r.textContent?.includes('OAI-SearchBot'));
    expect(row?.querySelector('.pill.blocked')?.textContent).toBe('Blocked');
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
    const text = el.querySelector('.summary-text .counts [data-count="warning"]')?.textContent;
    expect(text).toBe(`${counts.warning} warning${counts.warning === 1 ? '' : 's'}`);
    audit.issues = audit.issues.filter((i) => i.severity !== 'warning').concat({ ...audit.issues[0]!, severity: 'warning' });
    render(null, root);
    const one = mount(<AuditReport audit={audit} record={undefined} />);
    expect(one.querySelector('.summary-text .counts [data-count="warning"]')?.textContent).toBe('1 warning');
  });

  it('says "unknown", not "none", for runtime tools when the browser has no API', () => {
    const audit = sampleAudit();
    audit.signals.webmcp.runtime = { apiAvailable: false, tools: [], checkedAt: audit.scanned_at, surface: 'none' };
    const el = mount(<AuditReport audit={audit} record={undefined} />);
    expect(el.querySelector('[data-testid="webmcp-runtime-tools"]')?.textContent).toBe('unknown');
    expect(el.querySelector('[data-testid="webmcp-api"]')?.textContent).toBe('not available in this browser');
  });
});

describe('AuditReport: what the audit could not judge (docs/api-decisions.md#what-audits-could-not-judge)', () => {
  it('shows an inapplicable category as n/a with no bar, never as 100', () => {
    const audit = sampleAudit();
    audit.category_scores = audit.category_scores.map((c) =>
      c.name === 'Structured Data' || c.name === 'Content Structure' ? { ...c, score: 100, applicable: false } : c,
    );
    const el = mount(<AuditReport audit={audit} record={undefined} />);
    const row = (name: string) => el.querySelector(`.categories g[data-category="${name}"]`)!;
    for (const name of ['Structured Data', 'Content Structure']) {
      expect(row(name).querySelector('text:last-child')!.textContent).toBe('n/a');
      expect(row(name).querySelector('rect[class^="band-"]')).toBeNull();
      expect(row(name).getAttribute('class')).toBe('not-applicable');
      expect(row(name).querySelector('title')!.textContent).toMatch(/left out of the score/);
    }
    expect(row('Rendering').querySelector('text:last-child')!.textContent).toBe('40');
    expect(row('Rendering').querySelector('rect.band-poor')).not.toBeNull();
    // The engine's stored 100 of an inapplicable category is shown nowhere, not even beside the n/a.
    for (const name of ['Structured Data', 'Content Structure']) expect(row(name).textContent).not.toContain('100');
  });

  it("explains the cap next to the score and in the gauge's accessible name", () => {
    const audit = sampleAudit({ score: 49, score_cap: { max: 49, reason: '2 critical issues' } });
    const el = mount(<AuditReport audit={audit} record={undefined} />);
    expect(el.querySelector('[data-testid="score-cap"] strong')?.textContent).toBe(
      'Score capped at 49: 2 critical issues (the categories average 73).',
    );
    expect(el.querySelector('svg.gauge')?.getAttribute('aria-label')).toBe(
      'Score 49 out of 100, capped at 49: 2 critical issues (the categories average 73)',
    );
  });

  it('shows no cap note when the cap did not lower the score', () => {
    const el = mount(<AuditReport audit={sampleAudit()} record={undefined} />);
    expect(el.querySelector('[data-testid="score-cap"]')).toBeNull();
  });

  it('reads the gauge as n/a when no category applied', () => {
    const audit = sampleAudit({ score: 0 });
    audit.category_scores = audit.category_scores.map((c) => ({ ...c, score: 100, applicable: false }));
    const el = mount(<AuditReport audit={audit} record={undefined} />);
    expect(el.querySelector('svg.gauge .gauge-number')?.textContent).toBe('n/a');
    expect(el.querySelector('svg.gauge')?.getAttribute('aria-label')).toBe('Score n/a: no category applied to this page');
  });

  it('lists rules that threw, and nothing when every rule ran', () => {
    const audit = sampleAudit({ rule_errors: [{ rule: 'content.title', message: 'TypeError: boom' }] });
    const el = mount(<AuditReport audit={audit} record={undefined} />);
    expect(el.querySelector('#rule-errors-title')?.textContent).toBe('Checks that could not run');
    expect(el.querySelector('[data-rule-error="content.title"]')?.textContent).toBe('content.title: TypeError: boom');
    render(null, root);
    root.remove();
    expect(mount(<AuditReport audit={sampleAudit()} record={undefined} />).querySelector('#rule-errors-title')).toBeNull();
  });

  it('shows an audit stored before these members existed as before', () => {
    const old = sampleAudit() as Partial<Audit>;
    delete old.score_cap;
    delete old.rule_errors;
    for (const c of old.category_scores!) delete (c as Partial<typeof c>).applicable;
    const el = mount(<AuditReport audit={old as Audit} record={undefined} />);
    expect([...el.querySelectorAll('.categories g[data-category] text:last-child')].map((s) => s.textContent)).toEqual([
      '90',
      '40',
      '80',
      '75',
      '60',
      '100',
    ]);
    expect(el.querySelector('[data-testid="score-cap"]')).toBeNull();
    expect(el.querySelector('#rule-errors-title')).toBeNull();
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
