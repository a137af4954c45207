import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { WebmcpPanel } from '../../shared/report/components/WebmcpPanel.js';
import { AgentDiscoveryPanel } from '../../shared/report/components/AgentDiscoveryPanel.js';
import { CrawlerTable } from '../../shared/report/components/CrawlerTable.js';
import { crawlersUnknownReason } from '../../shared/report/unread-files.js';
import { renderAuditReportHtml } from '../../shared/report/render-audit-report.js';
import type { ReportAudit } from '../../shared/report/types.js';
import { PopupReport } from '../../extension/components/PopupReport.js';
import { History } from '../../extension/components/History.js';
import type { AuditRecord } from '../../extension/lib/sync/records.js';
import { NOT_CONFIGURED } from '../../extension/lib/sync/reasons.js';
import type { Audit, WebmcpEvidence } from '../../shared/types/audit.js';
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

const record = (audit: Audit, over: Partial<AuditRecord> = {}): AuditRecord => ({
  id: audit.id,
  url: audit.url,
  final_url: audit.final_url,
  score: audit.score,
  scanned_at: audit.scanned_at,
  sync: { state: 'pending', reason: NOT_CONFIGURED, attempts: 0 },
  ...over,
});

describe('WebMCP panel', () => {
  it('lists in the static column only tools the static scan found, not runtime-only ones', () => {
    const audit = sampleAudit();
    const runtimeEvidence: WebmcpEvidence = {
      kind: 'runtime-tool',
      confidence: 'high',
      location: { type: 'runtime', url: audit.url },
      snippet: 'book_table',
      toolName: 'book_table',
      registers: true,
    };
    audit.signals.webmcp.evidence = [runtimeEvidence];
    const el = mount(<WebmcpPanel webmcp={audit.signals.webmcp} live={{ matches: [], skipped: [] }} />);
    expect(el.querySelector('[data-testid="webmcp-static"]')?.textContent).toBe('not found');
    const staticTools = [...el.querySelectorAll('section[aria-labelledby="wm-static"] dd')].at(-1)?.textContent;
    expect(staticTools).toBe('none');
  });

  it('says which scripts were not scanned and why when the static result is inconclusive', () => {
    const audit = sampleAudit();
    Object.assign(audit.signals.webmcp, { status: 'inconclusive', bundlesScanned: 1, bundlesTotal: 2 });
    const notes = {
      unread: [],
      accessOrigins: [],
      skippedScripts: [{ url: 'https://cdn.other.example/widget.js', reason: 'another site the browser does not let the extension read' }],
    };
    const el = mount(<PopupReport audit={audit} record={record(audit, { notes })} />);
    expect(el.querySelector('[data-testid="webmcp-skipped"]')?.textContent).toContain(
      'widget.js: another site the browser does not let the extension read',
    );
  });
});

describe('crawler table when robots.txt could not be read from the browser', () => {
  it('says the verdicts are unknown instead of listing them', () => {
    const audit = sampleAudit();
    audit.issues.push({
      severity: 'notice',
      category: 'Crawler Access',
      title: 'robots.txt could not be read from the browser',
      detail: 'x',
      position: 3,
      rule: 'site-files.unread-in-browser',
    });
    const el = mount(<CrawlerTable crawlers={audit.crawlers} unknownReason={crawlersUnknownReason(audit.issues)} compact />);
    expect(el.querySelector('[data-testid="crawlers-unknown"]')?.textContent).toBe(
      'Unknown for all 2 agents: robots.txt could not be read from the browser.',
    );
    expect(el.querySelector('.pill.blocked')).toBeNull();
    render(null, root);
    root.remove();
    // The popup (and the HTML report) pass the reason on from the audit's issues.
    expect(mount(<PopupReport audit={audit} record={undefined} />).querySelector('[data-testid="crawlers-unknown"]')).not.toBeNull();
  });
});

describe('history without a backend', () => {
  it('says once that audits stay local, with a short badge per entry instead of the full note', () => {
    const audits = [
      sampleAudit({ id: '00000000-0000-4000-8000-000000000001' }),
      sampleAudit({ id: '00000000-0000-4000-8000-000000000002' }),
    ];
    const el = mount(<History records={audits.map((a) => record(a))} current={undefined} onOpen={() => undefined} />);
    expect(el.querySelectorAll('[data-testid="local-only"]')).toHaveLength(1);
    expect([...el.querySelectorAll('.history li .sync')].map((s) => s.textContent)).toEqual(['Not synced', 'Not synced']);
    expect(el.textContent!.split(NOT_CONFIGURED).length - 1).toBe(0);
  });
});

describe('Agent discovery panel (docs/api-decisions.md#agent-discovery-signals)', () => {
  it('lists the files the site publishes with their status and problems, and counts the rest', () => {
    const el = mount(
      <AgentDiscoveryPanel
        compact
        files={[
          { kind: 'api_catalog', url: 'https://example.com/.well-known/api-catalog', status: 'found', problems: [] },
          {
            kind: 'a2a_agent_card',
            url: 'https://example.com/.well-known/agent-card.json',
            status: 'invalid',
            problems: ['`skills` is missing'],
          },
          {
            kind: 'web_bot_auth',
            url: 'https://example.com/.well-known/http-message-signatures-directory',
            status: 'not_found',
            problems: [],
          },
        ]}
      />,
    );
    expect(el.querySelector('[data-kind="api_catalog"]')?.getAttribute('data-status')).toBe('found');
    expect(el.querySelector('[data-kind="a2a_agent_card"]')?.textContent).toContain('`skills` is missing');
    expect(el.querySelector('[data-kind="web_bot_auth"]')).toBeNull();
    expect(el.textContent).toContain('1 more not published');
  });

  it('says when nothing is published, and when an older audit did not check', () => {
    const none = mount(
      <AgentDiscoveryPanel compact files={[{ kind: 'mcp_server_card', url: 'https://e.example/x', status: 'not_found', problems: [] }]} />,
    );
    expect(none.querySelector('[data-testid="agent-files-none"]')?.textContent).toMatch(/^None of the files AI agents look for/);
    expect(none.querySelector('tr[data-kind]')).toBeNull();
    expect(none.textContent).toContain('1 more not published');
    render(null, root);
    root.remove();
    expect(mount(<AgentDiscoveryPanel compact files={undefined} />).textContent).toContain('Not checked');
  });
});

describe("the report components at the popup's width, and in the HTML report", () => {
  it('a compact crawler table leaves out the operator and, when no agent was fetched, the page answer', () => {
    const audit = sampleAudit();
    const el = mount(<CrawlerTable crawlers={audit.crawlers} compact />);
    expect([...el.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Agent', 'Used for', 'robots.txt']);
    expect(el.querySelector('tr[data-agent="GPTBot"] td')?.getAttribute('title')).toBe('OpenAI');
    render(null, root);
    root.remove();
    const fetched = mount(<CrawlerTable crawlers={[{ ...audit.crawlers[0]!, http_status: 200 }, audit.crawlers[1]!]} compact />);
    expect([...fetched.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Agent',
      'Used for',
      'robots.txt',
      'Page answer',
    ]);
    render(null, root);
    root.remove();
    expect([...mount(<CrawlerTable crawlers={audit.crawlers} />).querySelectorAll('thead th')]).toHaveLength(5);
  });

  it('shows what each probed agent was served, and says what a user-agent probe cannot see', () => {
    const audit = sampleAudit();
    const served = [
      { ...audit.crawlers[0]!, served: { outcome: 'blocked' as const, http_status: 403, words: 1, similarity: 0 } },
      { ...audit.crawlers[1]!, served: { outcome: 'ok' as const, http_status: 200, words: 840, similarity: 1 } },
    ];
    const el = mount(<CrawlerTable crawlers={served} />);
    const cell = (agent: string) => el.querySelector(`tr[data-agent="${agent}"] td[data-served]`);
    expect(cell('OAI-SearchBot')?.getAttribute('data-served')).toBe('blocked');
    expect(cell('OAI-SearchBot')?.textContent).toBe('Blocked HTTP 403, 1 word, 0 % alike');
    expect(cell('GPTBot')?.textContent).toBe('OK HTTP 200, 840 words, 100 % alike');
    expect(el.querySelector('[data-testid="probe-note"]')?.textContent).toMatch(
      /cannot see rules that verify crawlers by IP address, so "OK" here does not prove the real crawler is let in/,
    );
    render(null, root);
    root.remove();
    // Not probed at all (robots.txt verdicts alone): no answer column in the popup, and no note.
    const plain = mount(<CrawlerTable crawlers={audit.crawlers} compact />);
    expect(plain.querySelector('[data-testid="probe-note"]')).toBeNull();
    render(null, root);
    root.remove();
    const html = renderAuditReportHtml({ ...audit, crawlers: served } as unknown as ReportAudit);
    expect(html).toContain('data-served="blocked"');
    expect(html).toContain('cannot see rules that verify crawlers by IP address');
    mount(null);
  });

  it('the HTML report says the crawler verdicts are unknown when robots.txt could not be read from the browser', () => {
    const audit = sampleAudit();
    expect(renderAuditReportHtml(audit as unknown as ReportAudit)).not.toContain('crawlers-unknown');
    audit.issues.push({
      severity: 'notice',
      category: 'Crawler Access',
      title: 'robots.txt could not be read from the browser',
      detail: 'x',
      position: 3,
      rule: 'site-files.unread-in-browser',
    });
    const html = renderAuditReportHtml(audit as unknown as ReportAudit);
    expect(html).toContain('Unknown for all 2 agents: robots.txt could not be read from the browser.');
    expect(html).not.toContain('pill blocked');
  });
});
