import { describe, expect, it } from 'vitest';
import { aggregateFromJson, aggregateToJson } from '../../shared/logs/aggregate/aggregate-json.js';
import { toTraffic } from '../../shared/logs/aggregate/to-traffic.js';
import { TrafficAggregate } from '../../shared/logs/aggregate/traffic-aggregate.js';
import { ingestText, type IngestOptions } from '../../shared/logs/ingest/log-ingest.js';
import { MAX_PROBLEMS } from '../../shared/logs/types.js';
import { trafficSchema } from '../../shared/schema/traffic.js';
import { UA, nginx } from './samples.js';

const OPEN: IngestOptions = { format: 'auto', site: null, since: NaN, until: NaN };
const WINDOW = { site: null, since: NaN, until: NaN };

/** Three days of mixed traffic, with a bad line per day. */
function days(): string[][] {
  return [1, 2, 3].map((d) => [
    nginx('20.171.206.1', `0${d}/Aug/2026:10:00:00 +0000`, `GET /p${d} HTTP/1.1`, 200, '-', UA.gptbot),
    nginx('203.0.113.1', `0${d}/Aug/2026:11:00:00 +0000`, `GET /p${d % 2} HTTP/1.1`, 404, '-', UA.gptbot),
    nginx('66.249.66.1', `0${d}/Aug/2026:12:00:00 +0000`, 'GET /p1 HTTP/1.1', 200, '-', UA.googlebot),
    nginx('198.51.100.1', `0${d}/Aug/2026:13:00:00 +0000`, `GET /l${d} HTTP/1.1`, 200, 'https://claude.ai/chat/1', UA.firefox),
    nginx('198.51.100.1', `0${d}/Aug/2026:13:00:00 +0000`, 'GET /x HTTP/1.1', 200, '-', 'Mozilla/5.0 (compatible; AhrefsBot/7.0)'),
    `not a log line ${d}`,
  ]);
}

describe('aggregates add up', () => {
  it('per-day aggregates merged give the traffic of all the lines read at once', () => {
    const all = ingestText(days().flat().join('\n'), OPEN).counter.aggregate;
    const merged = days()
      .map((lines) => ingestText(lines.join('\n'), OPEN).counter.aggregate)
      .reduce((sum, a) => sum.merge(a), new TrafficAggregate());
    const whole = toTraffic(all, WINDOW);
    const sum = toTraffic(merged, WINDOW);
    expect({ ...sum, problems: [] }).toEqual({ ...whole, problems: [] });
    expect(sum.problems.map((p) => p.reason)).toEqual(whole.problems.map((p) => p.reason));
    expect(whole.agents.find((a) => a.agent === 'GPTBot')).toMatchObject({ hits: 6, verified: 3, spoofed: 3, pages: 4 });
    expect(whole.referrals).toEqual([
      { engine: 'Claude', visits: 3, landing_pages: ['/l1', '/l2', '/l3'].map((path) => ({ path, visits: 1 })) },
    ]);
    expect(whole.series).toHaveLength(3);
    expect(merged.otherBots.get('Mozilla/5.0 (compatible; AhrefsBot/7.0)')).toBe(3);
  });

  it('survives a round trip through JSON, and still merges', () => {
    const a = ingestText(days()[0]!.join('\n'), OPEN).counter.aggregate;
    const back = aggregateFromJson(JSON.parse(JSON.stringify(aggregateToJson(a))));
    expect(toTraffic(back, WINDOW)).toEqual(toTraffic(a, WINDOW));
    const b = ingestText(days()[1]!.join('\n'), OPEN).counter.aggregate;
    expect(toTraffic(back.merge(b), WINDOW).lines).toBe(12);
  });

  it('keeps the first 20 problems and counts them all', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `junk ${i}`).join('\n');
    const ingest = ingestText(lines, OPEN);
    const t = ingest.traffic();
    expect(t.problems).toHaveLength(MAX_PROBLEMS);
    expect(t.problems[0]).toEqual({ line: 1, reason: 'input: not a combined or common log line: no [time] field' });
    expect([t.lines, t.skipped, ingest.counter.aggregate.unreadable]).toEqual([50, 50, 50]);
  });
});

describe('the traffic object', () => {
  it('has exactly the members of its schema, with zeros for days without lines', () => {
    const lines = [
      nginx('20.171.206.1', '01/Aug/2026:10:00:00 +0000', 'GET /a HTTP/1.1', 200, '-', UA.gptbot),
      nginx('20.171.206.1', '04/Aug/2026:10:00:00 +0000', 'GET /a HTTP/1.1', 503, '-', UA.gptbot),
    ];
    const t = trafficSchema.parse(ingestText(lines.join('\n'), OPEN).traffic());
    expect(Object.keys(t)).toEqual([
      'site',
      'since',
      'until',
      'lines',
      'parsed',
      'skipped',
      'agents',
      'purposes',
      'referrals',
      'top_pages',
      'series',
      'problems',
    ]);
    expect(Object.keys(t.agents[0]!)).toEqual([
      'agent',
      'operator',
      'purpose',
      'hits',
      'verified',
      'spoofed',
      'unverified',
      'pages',
      'statuses',
      'last_seen',
    ]);
    expect(t.series.map((d) => d.hits_by_purpose.training)).toEqual([1, 0, 0, 1]);
    expect(t.purposes.map((p) => p.purpose)).toEqual(['training', 'search', 'user', 'archive', 'coding_agent', 'agentic_browser']);
    expect(t.agents[0]!.statuses).toEqual({ '2xx': 1, '3xx': 0, '4xx': 0, '5xx': 1 });
    expect(t.agents[0]!.last_seen).toBe('2026-08-04T10:00:00.000Z');
  });

  it('counts lines outside --since/--until as skipped, and names the window asked for', () => {
    const lines = days().flat().join('\n');
    const since = Date.UTC(2026, 7, 2);
    const until = Date.UTC(2026, 7, 3) - 1;
    const t = ingestText(lines, { ...OPEN, since, until }).traffic();
    expect([t.lines, t.parsed, t.skipped]).toEqual([18, 5, 13]);
    expect([t.since, t.until]).toEqual(['2026-08-02T00:00:00.000Z', '2026-08-02T23:59:59.999Z']);
  });
});

describe('AI referrals', () => {
  it('by Referer host (www. and case ignored) and by utm_source, GET requests of people only', () => {
    const lines = [
      nginx('198.51.100.1', '01/Aug/2026:10:00:00 +0000', 'GET /a HTTP/1.1', 200, 'HTTPS://WWW.PERPLEXITY.AI/search?q=x', UA.firefox),
      nginx('198.51.100.1', '01/Aug/2026:10:00:00 +0000', 'GET /b?utm_source=openai HTTP/1.1', 200, '-', UA.firefox),
      nginx('198.51.100.1', '01/Aug/2026:10:00:00 +0000', 'GET /c?x=1&utm_source=chatgpt.com HTTP/1.1', 200, '-', UA.firefox),
      nginx('198.51.100.1', '01/Aug/2026:10:00:00 +0000', 'GET /d HTTP/1.1', 200, 'https://gemini.google.com/app', UA.chrome),
      nginx('198.51.100.1', '01/Aug/2026:10:00:00 +0000', 'POST /e HTTP/1.1', 200, 'https://claude.ai/', UA.firefox),
      nginx('20.171.206.1', '01/Aug/2026:10:00:00 +0000', 'GET /f HTTP/1.1', 200, 'https://chatgpt.com/', UA.gptbot),
      nginx('198.51.100.1', '01/Aug/2026:10:00:00 +0000', 'GET /g HTTP/1.1', 200, 'https://notperplexity.ai/', UA.firefox),
    ];
    const t = ingestText(lines.join('\n'), OPEN).traffic();
    expect(t.referrals.map((r) => [r.engine, r.visits])).toEqual([
      ['ChatGPT', 2],
      ['Gemini', 1],
      ['Perplexity', 1],
    ]);
    expect(t.series[0]!.referrals).toBe(4);
  });
});
