/** The Traffic view's parts drawn in the page: the joins (cited pages, pages never fetched) and the agents' verdicts. */
import { afterEach, describe, expect, it } from 'vitest';
import { render, type ComponentChildren } from 'preact';
import { AgentsTable, CitedPagesTable, NotCrawled, ReferralsTable } from '../../../extension/components/dashboard/traffic/TrafficTables.js';
import type { TrafficAgent } from '../../../shared/schema/traffic.js';

let root: HTMLElement | null = null;
afterEach(() => {
  if (!root) return;
  render(null, root);
  root.remove();
  root = null;
});
const mount = (node: ComponentChildren) => {
  if (root) {
    render(null, root);
    root.remove();
  }
  const el = document.createElement('div');
  document.body.appendChild(el);
  render(<>{node}</>, el);
  return (root = el);
};
const agent = (over: Partial<TrafficAgent>): TrafficAgent => ({
  agent: 'GPTBot',
  operator: 'OpenAI',
  purpose: 'training',
  hits: 4,
  verified: 4,
  spoofed: 0,
  unverified: 0,
  pages: 2,
  statuses: { '2xx': 4, '3xx': 0, '4xx': 0, '5xx': 0 },
  last_seen: '2026-11-27T10:00:00Z',
  ...over,
});

describe('the Traffic view in the page', () => {
  it('marks a spoofed agent in red words, most hits first', () => {
    const el = mount(
      <AgentsTable
        agents={[
          agent({}),
          agent({ agent: 'ClaudeBot', operator: 'Anthropic', hits: 9, verified: 0, spoofed: 9 }),
          agent({ agent: 'Bytespider', verified: 0, unverified: 4 }),
        ]}
      />,
    );
    const rows = [...el.querySelectorAll('tbody tr')].map((r) => [r.getAttribute('data-agent'), r.getAttribute('data-verdict')]);
    expect(rows).toEqual([
      ['ClaudeBot', 'spoofed'],
      ['GPTBot', 'verified'],
      ['Bytespider', 'unverified'],
    ]);
    expect(el.querySelector('tr[data-agent="ClaudeBot"] .pill.critical')?.textContent).toBe('spoofed');
    expect(el.querySelector('tr[data-agent="GPTBot"]')?.textContent).toContain('Training');
  });

  it('lists the cited pages with their engines and crawler hits', () => {
    const el = mount(
      <CitedPagesTable
        pages={[
          { url: 'https://brew.example/a', path: '/a', citations: 1, engines: ['perplexity'], hits: 0, agents: [] },
          {
            url: 'https://brew.example/b',
            path: '/b',
            citations: 3,
            engines: ['chatgpt', 'perplexity'],
            hits: 5,
            agents: [{ agent: 'GPTBot', hits: 5 }],
          },
        ]}
      />,
    );
    const cells = [...el.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells[0]![0]).toBe('/b');
    expect(cells[0]![1]).toBe('3');
    expect(cells[0]![3]).toBe('5');
    expect(cells[0]![4]).toBe('GPTBot 5');
    expect(cells[1]![0]).toBe('/a');
  });

  it('says when there is no crawl, when every page was fetched, and lists the pages never fetched', () => {
    expect(mount(<NotCrawled notCrawled={null} />).textContent).toContain('No crawl of the site yet');
    expect(mount(<NotCrawled notCrawled={{ crawl_id: 'c1', pages: 0, urls: [] }} />).textContent).toContain('fetched every page');
    const el = mount(
      <NotCrawled
        notCrawled={{
          crawl_id: 'c1',
          pages: 2,
          urls: [
            { url: 'https://brew.example/x', path: '/x' },
            { url: 'https://brew.example/y', path: '/y' },
          ],
        }}
      />,
    );
    expect(el.querySelector('[data-testid="not-crawled-count"]')?.textContent).toBe(
      '2 pages of the latest crawl were fetched by no AI agent in this period.',
    );
    expect([...el.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['/x', '/y']);
  });

  it('shows visits per engine and a row per landing page', () => {
    const el = mount(
      <ReferralsTable
        referrals={[
          {
            engine: 'ChatGPT',
            visits: 3,
            landing_pages: [
              { path: '/a', visits: 2 },
              { path: '/b', visits: 1 },
            ],
          },
        ]}
      />,
    );
    expect(el.querySelector('[data-engine="ChatGPT"]')?.textContent).toBe('ChatGPT 3 visits');
    expect(el.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(mount(<ReferralsTable referrals={[]} />).textContent).toContain('No visit from an answer engine');
  });
});
