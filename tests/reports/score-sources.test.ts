/**
 * The report says where the audit was scored, and its "Score over time" never draws browser and server audits as
 * one line: a browser audit after a server one is a second series, not a rise or a drop.
 */
import { describe, expect, it } from 'vitest';
import { renderAuditReportHtml } from '../../shared/report/render-audit-report.js';
import { historySeries } from '../../shared/report/components/HistoryLines.js';
import { makeAudit } from './fixtures/audits.js';

const INPUTS = { rendered: true, runtime_webmcp: true, agent_probes: 6, redirect_hops_hidden: false, unread_files: [] };
const lines = (html: string) =>
  [...html.matchAll(/<polyline[^>]*data-history-source="(\w+)"[^>]*points="([^"]*)"/g)].map((m) => [m[1], m[2]]);

describe('where an audit was scored, in the report', () => {
  it('says it under the score', () => {
    const html = renderAuditReportHtml(makeAudit({ origin: 'extension', inputs: INPUTS }));
    expect(html).toContain('Scored in the browser: includes the page after JavaScript and WebMCP tools registered at run time.');
  });

  it('says nothing for an audit that did not record it', () => {
    expect(renderAuditReportHtml(makeAudit({ origin: 'extension' }))).not.toContain('data-testid="source-line"');
  });
});

describe('the score over time, by where each audit was scored', () => {
  const history = [
    { scanned_at: '2026-11-26T09:00:00.000Z', score: 24, origin: 'server' },
    { scanned_at: '2026-11-27T09:00:00.000Z', score: 23, origin: 'extension' },
  ];

  it('draws the browser and the server as two lines, with a legend', () => {
    const html = renderAuditReportHtml(makeAudit({ origin: 'server', score: 24, scanned_at: '2026-11-28T09:00:00.000Z' }), { history });
    const drawn = lines(html);
    expect(drawn.map(([source]) => source)).toEqual(['server', 'browser']);
    expect(drawn[0]![1]!.split(' ')).toHaveLength(2); // the two server audits, joined
    expect(drawn[1]![1]!.split(' ')).toHaveLength(1); // the browser audit alone: no line to it from a server audit
    expect(html).toMatch(/data-history-legend.*Scored on the server<\/span>.*stroke-dasharray="6 4".*Scored in the browser<\/span><\/p>/s);
  });

  it('draws one line and no legend when every audit was scored in one place', () => {
    const html = renderAuditReportHtml(makeAudit({ origin: 'server', score: 24, scanned_at: '2026-11-28T09:00:00.000Z' }), {
      history: [history[0]!],
    });
    expect(lines(html).map(([source]) => source)).toEqual(['server']);
    expect(html).not.toContain('data-history-legend');
  });

  it('counts audits without a recorded origin, and crawl pages, with the server', () => {
    expect(
      historySeries([
        { scanned_at: 'a', score: 1 },
        { scanned_at: 'b', score: 2, origin: 'crawl' },
        { scanned_at: 'c', score: 3, origin: 'extension' },
      ]),
    ).toEqual([
      { source: 'server', indexes: [0, 1] },
      { source: 'browser', indexes: [2] },
    ]);
  });
});
