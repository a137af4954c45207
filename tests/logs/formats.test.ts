import { describe, expect, it } from 'vitest';
import { ingestText, type IngestOptions } from '../../shared/logs/ingest/log-ingest.js';
import { jsonFieldMap, type JsonFieldMap } from '../../shared/logs/parse/json-lines.js';
import { anyTime, clfTime, isoTime, windowBound } from '../../shared/logs/parse/log-time.js';
import { trafficSchema } from '../../shared/schema/traffic.js';
import { NGINX_LINES, UA, nginx } from './samples.js';

const OPEN: IngestOptions = { format: 'auto', site: null, since: NaN, until: NaN };
const read = (text: string, options: Partial<IngestOptions> = {}) =>
  trafficSchema.parse(ingestText(text, { ...OPEN, ...options }).traffic());
const agent = (t: ReturnType<typeof read>, name: string) => t.agents.find((a) => a.agent === name);

describe('times', () => {
  it('applies the offset of a Common Log Format time', () => {
    expect(new Date(clfTime('[10/Oct/2026:13:55:36 -0700]')).toISOString()).toBe('2026-10-10T20:55:36.000Z');
    expect(new Date(clfTime('01/Aug/2026:00:30:00 +0200')).toISOString()).toBe('2026-07-31T22:30:00.000Z');
    expect(clfTime('31/Feb/2026:00:00:00 +0000')).toBeNaN();
  });

  it('reads RFC 3339 with any fraction, and epoch numbers in s, ms, µs and ns', () => {
    expect(isoTime('2026-08-01T10:00:00.123456789Z')).toBe(Date.UTC(2026, 7, 1, 10, 0, 0, 123));
    expect(isoTime('2026-08-01T12:00:00+02:00')).toBe(Date.UTC(2026, 7, 1, 10));
    expect(anyTime(1785578400)).toBe(1785578400000);
    expect(anyTime(1785578400123)).toBe(1785578400123);
    expect(anyTime('1785578400123456789')).toBe(1785578400123);
    expect(anyTime('not a time')).toBeNaN();
  });

  it('reads --since and --until: a whole day, or a date-time with a zone', () => {
    expect(windowBound('2026-08-01', false)).toBe(Date.UTC(2026, 7, 1));
    expect(windowBound('2026-08-01', true)).toBe(Date.UTC(2026, 7, 2) - 1);
    expect(windowBound('2026-08-01T12:00:00Z', false)).toBe(Date.UTC(2026, 7, 1, 12));
    expect(windowBound('2026-02-30', false)).toBeNaN();
    expect(windowBound('2026-08-01T12:00:00', false)).toBeNaN();
  });
});

describe('nginx and Apache', () => {
  it('counts agents, referrals and pages of combined lines', () => {
    const t = read(NGINX_LINES.join('\n'));
    expect([t.lines, t.parsed, t.skipped]).toEqual([5, 5, 0]);
    expect(agent(t, 'GPTBot')).toMatchObject({ hits: 1, verified: 1, pages: 1, statuses: { '2xx': 1, '3xx': 0, '4xx': 0, '5xx': 0 } });
    expect(agent(t, 'Googlebot')).toMatchObject({ hits: 1, verified: 1 });
    expect(t.top_pages).toEqual([{ path: '/blog/cold-brew', hits: 2, agents: 2 }]);
    expect(t.referrals).toEqual([
      {
        engine: 'ChatGPT',
        visits: 2,
        landing_pages: [
          { path: '/docs/start', visits: 1 },
          { path: '/pricing', visits: 1 },
        ],
      },
    ]);
    expect(t.since).toBe('2026-08-01T08:00:00.000Z');
  });

  it('a page or a query is read inside its own request: a "?" or "[" further on, in the line or in later lines, changes nothing', () => {
    const T = '01/Aug/2026:10:00:00 +0000';
    const lines = [
      nginx('20.171.206.12', T, 'GET /plain HTTP/1.1', 200, 'https://example.com/?from=[x]', UA.gptbot),
      nginx('203.0.113.8', T, 'GET /landing HTTP/2.0', 200, '-', UA.chrome), // no query: no referral
      'garbage without a time field ?[',
      nginx('203.0.113.9', T, 'GET /docs?utm_source=perplexity HTTP/2.0', 200, '-', UA.chrome),
      ...Array.from({ length: 500 }, (_, i) => nginx('20.171.206.12', T, `GET /q${i}?x=1 HTTP/1.1`, 200, '-', UA.gptbot)),
    ];
    const t = read(lines.join('\n')); // one large piece: every line is read from the same buffer
    expect([t.lines, t.parsed, t.skipped]).toEqual([504, 503, 1]);
    expect(agent(t, 'GPTBot')).toMatchObject({ hits: 501, pages: 501 });
    expect(t.top_pages.map((p) => p.path)).toContain('/plain');
    expect(t.referrals).toEqual([{ engine: 'Perplexity', visits: 1, landing_pages: [{ path: '/docs', visits: 1 }] }]);
  });

  it("undoes nginx's \\x22 escapes and Apache's \\\" escapes inside quoted fields", () => {
    const text = [
      '203.0.113.1 - - [01/Aug/2026:10:00:00 +0000] "GET /q?s=\\x22cold brew\\x22 HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; \\x22weird\\x22; GPTBot/1.3)"',
      '203.0.113.2 - frank [01/Aug/2026:10:00:00 +0000] "GET /a HTTP/1.1" 200 5 "-" "Mozilla/5.0 \\"quoted\\" ClaudeBot/1.0"',
    ].join('\n');
    const t = read(text);
    expect(t.skipped).toBe(0);
    expect(agent(t, 'GPTBot')?.hits).toBe(1);
    expect(agent(t, 'ClaudeBot')).toMatchObject({ hits: 1, unverified: 1 });
    expect(t.top_pages.map((p) => p.path).sort()).toEqual(['/a', '/q']);
  });

  it('reads the common format (no referer, no user agent) and lines with fields after the user agent', () => {
    const text = [
      '192.0.2.1 - - [01/Aug/2026:10:00:00 -0700] "GET /home HTTP/1.0" 200 2326',
      `${nginx('20.171.206.1', '01/Aug/2026:10:00:00 +0000', 'GET /x HTTP/1.1', 301, '-', UA.gptbot)} "198.51.100.1" rt=0.012`,
    ].join('\n');
    const t = read(text);
    expect([t.parsed, t.skipped]).toEqual([2, 0]);
    expect(agent(t, 'GPTBot')?.statuses['3xx']).toBe(1);
  });

  it('takes IPv6 and IPv4-mapped client addresses', () => {
    const text = [
      nginx('2001:4860:4801:10::1', '01/Aug/2026:10:00:00 +0000', 'GET / HTTP/2.0', 200, '-', UA.googlebot),
      nginx('::ffff:66.249.66.1', '01/Aug/2026:10:00:00 +0000', 'GET / HTTP/2.0', 200, '-', UA.googlebot),
      nginx('2a00:1450:4001::1', '01/Aug/2026:10:00:00 +0000', 'GET / HTTP/2.0', 200, '-', UA.googlebot),
    ].join('\n');
    expect(agent(read(text), 'Googlebot')).toMatchObject({ hits: 3, verified: 2, spoofed: 1 });
  });
});

describe('Cloudflare Logpush', () => {
  const row = (extra: Record<string, unknown>) =>
    JSON.stringify({
      ClientIP: '20.171.206.7',
      ClientRequestHost: 'www.example.com',
      ClientRequestMethod: 'GET',
      ClientRequestURI: '/blog/a?x=1',
      EdgeResponseStatus: 200,
      ClientRequestUserAgent: UA.gptbot,
      ClientRequestReferer: '',
      ...extra,
    });

  it('reads EdgeStartTimestamp in each timestamp format', () => {
    const times = [1785578400000000000, '1785578400000000000', 1785578400, '2026-08-01T10:00:00Z', '2026-08-01T10:00:00.000Z'];
    const t = read(times.map((EdgeStartTimestamp) => row({ EdgeStartTimestamp })).join('\n'), { format: 'cloudflare' });
    expect([t.parsed, t.skipped]).toEqual([5, 0]);
    expect(t.since).toBe('2026-08-01T10:00:00.000Z');
    expect(t.until).toBe('2026-08-01T10:00:00.000Z');
    expect(agent(t, 'GPTBot')).toMatchObject({ hits: 5, verified: 5, pages: 1 });
  });

  it('uses ClientRequestPath when the job logs no ClientRequestURI, and --site against ClientRequestHost', () => {
    const lines = [
      row({ EdgeStartTimestamp: 1785578400, ClientRequestURI: undefined, ClientRequestPath: '/only-path' }),
      row({ EdgeStartTimestamp: 1785578400, ClientRequestHost: 'other.example' }),
    ].join('\n');
    const t = read(lines, { site: 'example.com' });
    expect([t.parsed, t.skipped]).toEqual([1, 1]);
    expect(t.top_pages).toEqual([{ path: '/only-path', hits: 1, agents: 1 }]);
  });
});

describe('CloudFront standard logs', () => {
  const header =
    '#Version: 1.0\n#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query x-host-header';
  const row = (cols: string[]) => cols.join('\t');

  it('reads the #Fields columns, URL-decoded values (double-encoded too) and the viewer host', () => {
    const text = [
      header,
      row([
        '2026-08-01',
        '10:00:00',
        'IAD89-C3',
        '335',
        '17.22.237.5',
        'GET',
        'd111111abcdef8.cloudfront.net',
        '/docs',
        '200',
        '-',
        'Mozilla/5.0%20(Macintosh)%20(Applebot/0.1)',
        '-',
        'www.example.com',
      ]),
      row([
        '2026-08-01',
        '10:00:01',
        'IAD89-C3',
        '335',
        '198.51.100.9',
        'GET',
        'd111111abcdef8.cloudfront.net',
        '/p',
        '200',
        'https://www.perplexity.ai/search',
        'Mozilla/5.0%2520(X11)%2520Firefox/132.0',
        'a=1',
        'www.example.com',
      ]),
    ].join('\n');
    const t = read(text, { site: 'example.com' });
    expect([t.lines, t.parsed, t.skipped]).toEqual([2, 2, 0]);
    expect(agent(t, 'Applebot')).toMatchObject({ hits: 1, verified: 1 });
    expect(t.referrals).toEqual([{ engine: 'Perplexity', visits: 1, landing_pages: [{ path: '/p', visits: 1 }] }]);
  });

  it('uses the documented column order when a file has no header', () => {
    const cols = [
      '2026-08-01',
      '10:00:00',
      'IAD89-C3',
      '335',
      '20.171.206.1',
      'GET',
      'd1.cloudfront.net',
      '/x',
      '200',
      '-',
      'GPTBot/1.3',
      '-',
    ];
    expect(agent(read(row(cols), { format: 'cloudfront' }), 'GPTBot')?.hits).toBe(1);
  });
});

describe('JSON lines', () => {
  it('reads the documented names, the common aliases and a request line', () => {
    const text = [
      JSON.stringify({
        time: '2026-08-01T10:00:00Z',
        ip: '20.171.206.1',
        method: 'GET',
        path: '/a',
        status: 200,
        user_agent: UA.gptbot,
        referer: '',
      }),
      JSON.stringify({
        time_local: '01/Aug/2026:12:00:00 +0200',
        remote_addr: '66.249.66.1',
        request: 'GET /b HTTP/1.1',
        status: '404',
        http_user_agent: UA.googlebot,
      }),
    ].join('\n');
    const t = read(text, { format: 'json' });
    expect([t.parsed, t.skipped]).toEqual([2, 0]);
    expect(agent(t, 'Googlebot')).toMatchObject({ hits: 1, verified: 1, statuses: { '4xx': 1 } });
  });

  it('follows a --fields mapping, dotted paths included', () => {
    const fields = jsonFieldMap('time=ts,ip=client.addr,user_agent=headers.ua,path=target') as JsonFieldMap;
    const line = JSON.stringify({
      ts: 1785578400,
      client: { addr: '20.171.206.1' },
      headers: { ua: 'GPTBot/1.3' },
      target: '/c',
      status: 200,
    });
    expect(agent(read(line, { format: 'json', jsonFields: fields }), 'GPTBot')).toMatchObject({ hits: 1, verified: 1 });
    expect(jsonFieldMap('nope=x')).toMatch(/not one of/);
    expect(jsonFieldMap('time')).toMatch(/FIELD=NAME/);
  });
});
