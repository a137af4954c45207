/**
 * A synthetic nginx combined access log for the logs benchmark, the same for a given seed: a site of 4,000 pages
 * and their assets, visited by browsers (about 78% of lines, a few percent arriving from answer engines), search
 * engines (7%), AI agents of every purpose (12%, some from their operators' published ranges, some spoofed),
 * and other bots and tools (3%), four lines a second (13 days a GB) in the +0200 zone. The lines are a pool
 * rendered once and replayed with their times filled in, so the generator writes hundreds of MB/s and feeds a
 * pipe faster than the reader drains it.
 */
import type { Writable } from 'node:stream';

/** mulberry32: a small deterministic PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];

/** [user agent, share of lines, addresses it comes from (`ok` inside its published ranges, else elsewhere)]. */
const AGENTS: [string, number, string[]][] = [
  [
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    0.05,
    ['66.249.66.', '66.249.68.'],
  ],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 0.02, ['40.77.167.', '157.55.39.']],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)',
    0.025,
    ['20.171.207.', '45.9.1.'],
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot)',
    0.012,
    ['51.8.102.'],
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    0.012,
    ['23.98.186.', '8.8.4.'],
  ],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', 0.02, ['34.162.1.']],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)', 0.004, ['160.79.104.']],
  ['Claude-User (claude-code/2.1.92; +https://support.anthropic.com/)', 0.003, ['81.2.69.']],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    0.008,
    ['18.97.9.', '3.224.62.'],
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
    0.004,
    ['18.97.43.'],
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    0.006,
    ['17.241.219.'],
  ],
  ['CCBot/2.0 (https://commoncrawl.org/faq/)', 0.005, ['18.97.14.']],
  [
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
    0.006,
    ['110.249.201.'],
  ],
  ['meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', 0.006, ['57.141.0.']],
  ['Mozilla/5.0 (compatible; Google-Gemini-CLI/1.0; https://github.com/google-gemini/gemini-cli)', 0.001, ['92.40.1.']],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 0.01, ['5.39.1.']],
  ['Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', 0.008, ['185.191.171.']],
  ['curl/8.5.0', 0.004, ['198.51.100.']],
  ['python-requests/2.32.3', 0.004, ['203.0.113.']],
];

const ENGINE_REFERERS = [
  'https://chatgpt.com/',
  'https://www.perplexity.ai/',
  'https://gemini.google.com/',
  'https://copilot.microsoft.com/',
  'https://claude.ai/',
];
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 200, 304, 301, 404, 500];

function page(r: () => number): string {
  const n = Math.floor(r() ** 2 * 4000);
  const section = ['blog', 'docs', 'products', 'guides'][n % 4]!;
  return `/${section}/${n.toString(36)}-article-${n % 97}`;
}

function target(r: () => number, agent: boolean): string {
  const x = r();
  if (!agent && x < 0.45)
    return ['/static/app.3f9a1c.js', '/static/site.b81e.css', '/img/hero-1200.webp', '/favicon.ico'][Math.floor(r() * 4)]!;
  if (x > 0.96) return `${page(r)}?utm_source=newsletter&id=${Math.floor(r() * 1000)}`;
  return page(r);
}

function ip(r: () => number, prefix?: string): string {
  if (prefix) return `${prefix}${1 + Math.floor(r() * 120)}`;
  if (r() < 0.05) return `2a02:810d:${Math.floor(r() * 65535).toString(16)}::${Math.floor(r() * 65535).toString(16)}`;
  return `${1 + Math.floor(r() * 222)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}`;
}

/** One line as [before the time, after the time]. */
function lineHalves(r: () => number): [string, string] {
  let ua = BROWSERS[Math.floor(r() * BROWSERS.length)]!;
  let prefix: string | undefined;
  let agent = false;
  let x = r();
  for (const [text, share, prefixes] of AGENTS) {
    if (x < share) {
      ua = text;
      prefix = prefixes[Math.floor(r() * prefixes.length)];
      agent = true;
      break;
    }
    x -= share;
  }
  const t = target(r, agent);
  const y = r();
  const referer = agent
    ? '-'
    : y < 0.03
      ? ENGINE_REFERERS[Math.floor(r() * ENGINE_REFERERS.length)]!
      : y < 0.4
        ? `https://www.example.com${page(r)}`
        : y < 0.55
          ? 'https://www.google.com/'
          : '-';
  const status = STATUSES[Math.floor(r() * STATUSES.length)]!;
  const size = status === 304 ? 0 : 200 + Math.floor(r() * 60000);
  return [`${ip(r, prefix)} - - [`, ` +0200] "GET ${t} HTTP/1.1" ${status} ${size} "${referer}" "${ua}"\n`];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

function clf(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

export interface SynthResult {
  bytes: number;
  lines: number;
}

const POOL_LINES = 300_000;
const STAMP = '01/Jan/2026:00:00:00';

/**
 * Writes about `bytes` of log to `out` (respecting backpressure) and resolves with what it wrote. The lines are a
 * pool of POOL_LINES random lines rendered once, replayed in order with their times filled in (one second per four
 * lines), so writing costs a copy and a 20-byte patch per line.
 */
export async function writeLog(out: Writable, bytes: number, seed = 20260801): Promise<SynthResult> {
  const r = rng(seed);
  const halves = Array.from({ length: POOL_LINES }, () => lineHalves(r));
  const pool = Buffer.from(halves.map(([a, b]) => a + STAMP + b).join(''), 'latin1');
  const starts = new Int32Array(POOL_LINES + 1);
  const stamps = new Int32Array(POOL_LINES);
  let at = 0;
  halves.forEach(([a, b], i) => {
    starts[i] = at;
    stamps[i] = at + a.length;
    at += a.length + STAMP.length + b.length;
  });
  starts[POOL_LINES] = at;
  let written = 0;
  let lines = 0;
  let clock = Date.UTC(2026, 7, 1);
  let stamp = Buffer.from(clf(clock), 'latin1');
  let next = 0;
  while (written < bytes) {
    const first = next;
    const last = Math.min(POOL_LINES, first + 4096);
    const chunk = Buffer.from(pool.subarray(starts[first]!, starts[last]!));
    for (let i = first; i < last; i++, lines++) {
      if (lines % 4 === 0) {
        clock += 1000;
        stamp = Buffer.from(clf(clock), 'latin1');
      }
      chunk.set(stamp, stamps[i]! - starts[first]!);
    }
    next = last === POOL_LINES ? 0 : last;
    written += chunk.length;
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { bytes: written, lines };
}
