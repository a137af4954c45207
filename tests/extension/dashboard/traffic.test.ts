import { describe, expect, it } from 'vitest';
import type { Traffic, TrafficAgent } from '../../../shared/schema/traffic.js';
import {
  countLines,
  isEmptyTraffic,
  isGzip,
  landingRows,
  pollDelay,
  purposePeriods,
  purposesSeen,
  spoofedShare,
  statusMix,
  trafficTotals,
  trafficWindow,
  uploadFraction,
  verdictOf,
} from '../../../extension/lib/dashboard/traffic.js';

const agent = (over: Partial<TrafficAgent>): TrafficAgent => ({
  agent: 'GPTBot',
  operator: 'OpenAI',
  purpose: 'training',
  hits: 10,
  verified: 10,
  spoofed: 0,
  unverified: 0,
  pages: 3,
  statuses: { '2xx': 8, '3xx': 1, '4xx': 1, '5xx': 0 },
  last_seen: '2026-11-27T10:00:00Z',
  ...over,
});
const hits = (over: Partial<Record<string, number>>) => ({
  training: 0,
  search: 0,
  user: 0,
  archive: 0,
  coding_agent: 0,
  agentic_browser: 0,
  ...over,
});
const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const s of chunks) c.enqueue(new TextEncoder().encode(s));
      c.close();
    },
  });

describe('the Traffic view as data', () => {
  it('asks for whole UTC days ending today', () => {
    expect(trafficWindow(7, '2026-11-28')).toEqual({ since: '2026-11-22', until: '2026-11-28' });
    expect(trafficWindow(365, '2026-11-28')).toEqual({ since: '2025-11-29', until: '2026-11-28' });
  });

  it('adds the days into the chart periods, days without lines as 0, days outside dropped', () => {
    const series: Traffic['series'] = [
      { date: '2026-11-28', hits_by_purpose: hits({ training: 3, search: 1 }), referrals: 2 },
      { date: '2026-11-22', hits_by_purpose: hits({ user: 5 }), referrals: 0 },
      { date: '2026-10-01', hits_by_purpose: hits({ training: 99 }), referrals: 9 },
    ];
    const week = purposePeriods(series, 7, '2026-11-28');
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual({ since: '2026-11-22', until: '2026-11-22', hits: hits({ user: 5 }), referrals: 0 });
    expect(week[3]!.hits).toEqual(hits({}));
    expect(week[6]).toEqual({ since: '2026-11-28', until: '2026-11-28', hits: hits({ training: 3, search: 1 }), referrals: 2 });
    const month = purposePeriods(series, 30, '2026-11-28');
    expect(month).toHaveLength(6);
    expect(month.reduce((n, p) => n + p.hits.training, 0)).toBe(3); // 2026-10-01 is outside the window
    expect(month[0]!.since).toBe('2026-10-30');
    expect(purposePeriods([], 365, '2026-11-28')).toHaveLength(12);
  });

  it('orders the purposes seen by hits and leaves out those without any', () => {
    expect(
      purposesSeen({
        purposes: [
          { purpose: 'training', hits: 2 },
          { purpose: 'search', hits: 7 },
          { purpose: 'archive', hits: 0 },
        ],
      }),
    ).toEqual(['search', 'training']);
  });

  it('sums the status mix and the figures over every agent', () => {
    const agents = [
      agent({}),
      agent({ agent: 'ClaudeBot', hits: 4, verified: 0, spoofed: 4, statuses: { '2xx': 0, '3xx': 0, '4xx': 3, '5xx': 1 } }),
    ];
    expect(statusMix(agents)).toEqual({ '2xx': 8, '3xx': 1, '4xx': 4, '5xx': 1 });
    const referrals = [{ engine: 'chatgpt', visits: 5, landing_pages: [{ path: '/a', visits: 5 }] }];
    expect(trafficTotals({ agents, referrals })).toEqual({ hits: 14, agents: 2, spoofed: 4, spoofingAgents: 1, visits: 5 });
    expect(isEmptyTraffic({ agents, referrals, lines: 20 })).toBe(false);
    expect(isEmptyTraffic({ agents: [], referrals: [], lines: 0 })).toBe(true);
  });

  it("says what an agent's hits are: spoofed wins, else all verified, some, or none verifiable", () => {
    expect(verdictOf(agent({ spoofed: 1, verified: 9 }))).toBe('spoofed');
    expect(verdictOf(agent({}))).toBe('verified');
    expect(verdictOf(agent({ verified: 4, unverified: 6 }))).toBe('mixed');
    expect(verdictOf(agent({ verified: 0, unverified: 10 }))).toBe('unverified');
    expect(spoofedShare(agent({ spoofed: 5 }))).toBe(0.5);
    expect(spoofedShare(agent({ hits: 0 }))).toBe(0);
  });

  it('lists one row per engine and landing page', () => {
    expect(
      landingRows([
        {
          engine: 'chatgpt',
          visits: 3,
          landing_pages: [
            { path: '/a', visits: 2 },
            { path: '/b', visits: 1 },
          ],
        },
        { engine: 'perplexity', visits: 1, landing_pages: [{ path: '/a', visits: 1 }] },
      ]),
    ).toEqual([
      { engine: 'chatgpt', path: '/a', visits: 2 },
      { engine: 'chatgpt', path: '/b', visits: 1 },
      { engine: 'perplexity', path: '/a', visits: 1 },
    ]);
  });
});

describe('an upload from the dashboard', () => {
  const ingest = (lines: number, status: 'queued' | 'ingesting' | 'done' = 'ingesting') => ({ id: 'ing_x', status, bytes: 10, lines });

  it('shows no fraction while sending or without a line count, then lines of the total, whole only when done', () => {
    expect(uploadFraction({ phase: 'sending' }, 100)).toBeNull();
    expect(uploadFraction({ phase: 'reading', ingest: ingest(40) }, null)).toBeNull();
    expect(uploadFraction({ phase: 'reading', ingest: ingest(40) }, 100)).toBe(0.4);
    expect(uploadFraction({ phase: 'reading', ingest: ingest(100) }, 100)).toBe(0.99);
    expect(uploadFraction({ phase: 'done', ingest: ingest(100, 'done') }, null)).toBe(1);
  });

  it('asks soon, then every 2 s', () => {
    expect([0, 1, 2, 3, 10].map(pollDelay)).toEqual([250, 500, 1000, 2000, 2000]);
  });

  it('counts the lines of a file as the server reads them, across chunks, a last line without its line feed too', async () => {
    expect(await countLines(streamOf('a\nb', '\nc\n'))).toBe(3);
    expect(await countLines(streamOf('a\nb', '\nc'))).toBe(3);
    expect(await countLines(streamOf())).toBe(0);
  });

  it('knows gzip by its first two bytes', () => {
    expect(isGzip(new Uint8Array([0x1f, 0x8b, 8]))).toBe(true);
    expect(isGzip(new Uint8Array([0x31, 0x32]))).toBe(false);
    expect(isGzip(new Uint8Array([0x1f]))).toBe(false);
  });
});
