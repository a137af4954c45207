/**
 * A loopback site whose edge answers by User-Agent, one path per served outcome: the agent named TARGET gets the
 * refusal, every other client (the browser fetch, the other probes) the article. Used by the edge-probe tests
 * through the API, the CLI and the extension.
 */
import { BROWSER_USER_AGENT } from '../../shared/gather/user-agents.js';
import { startFixtureSite, type FixtureHandler, type FixtureSite } from './fixture-server.js';

/** The agent the fixture singles out: a user-triggered agent, so a refusal of it is critical. */
export const TARGET = 'ChatGPT-User';

const PROSE =
  'Cold brew steeps coarse coffee in cold water for twelve to eighteen hours, then filters it into a smooth concentrate. ' +
  'Start with one part coffee to eight parts water by weight, stir once so every ground is wet, and cover the jar. ' +
  'After steeping, pour it through a paper filter, dilute it one to one with water or milk, and keep it in the fridge for a week. ';
export const ARTICLE = page('Cold brew at home', `<h1>Cold brew at home</h1><p>${PROSE}</p><p>${PROSE.split(' ').reverse().join(' ')}</p>`);
const STUB = page('Loading', '<div id="app"></div><noscript>Please enable JavaScript to continue.</noscript><p>Loading…</p>');
const CHALLENGE =
  '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="cf-challenge-running">Checking your browser</div></body></html>';
const LOGIN = page('Sign in', '<h1>Sign in</h1><form><input name="email"><button>Continue</button></form>');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;
}

/** A page of about 5 MB: the article's prose, paragraph after paragraph. */
function bigPage(): string {
  const paragraph = `<p>${PROSE}</p>`;
  return page('Cold brew, the long version', paragraph.repeat(Math.ceil((5 * 1024 * 1024) / paragraph.length)));
}

const isTarget = (ua: string | undefined) => !!ua && ua.includes(TARGET);
const isBrowser = (ua: string | undefined) => ua === BROWSER_USER_AGENT;

/** Serves `refusal` to TARGET and the article to everyone else. */
function forTarget(refusal: FixtureHandler, article = ARTICLE): FixtureHandler {
  return (req, res) => {
    if (isTarget(req.headers['user-agent'])) return refusal(req, res);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(article);
  };
}

const answer =
  (status: number, headers: Record<string, string>, body: string): FixtureHandler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(body);
  };

/** The paths, each with the outcome TARGET gets there. */
export const EDGE_PATHS = {
  '/ok': 'ok',
  '/forbidden': 'blocked',
  '/pay': 'payment_required',
  '/challenge': 'challenge',
  '/rate-limited': 'rate_limited',
  '/login-wall': 'redirected_away',
  '/different': 'different_content',
  '/reset': 'error',
  '/big': 'ok',
  '/drip': 'error',
} as const;

export async function startEdgeFixture(): Promise<FixtureSite> {
  const big = bigPage();
  return startFixtureSite({
    '/robots.txt': { status: 200, headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/ok': forTarget(answer(200, {}, ARTICLE)),
    '/forbidden': forTarget(answer(403, { server: 'cloudflare' }, 'Forbidden')),
    '/pay': forTarget(answer(402, { 'crawler-price': 'USD 0.01' }, 'Payment required')),
    '/challenge': forTarget(answer(403, { 'cf-mitigated': 'challenge', server: 'cloudflare' }, CHALLENGE)),
    '/rate-limited': forTarget(answer(429, { 'retry-after': '120' }, 'Too many requests')),
    '/login-wall': forTarget(answer(302, { location: '/account/login?next=/login-wall' }, '')),
    '/account/login': answer(200, {}, LOGIN),
    '/different': forTarget(answer(200, {}, STUB)),
    '/reset': forTarget((req) => {
      req.socket.destroy();
    }),
    '/big': answer(200, {}, big),
    '/drip': forTarget((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!doctype html><html><body><p>');
      const timer = setInterval(() => res.write('.'), 250);
      res.on('close', () => clearInterval(timer));
    }),
    // Every agent but the browser refused: `agents: "all"` meets a wall.
    '/bots-forbidden': (req, res) => {
      if (isBrowser(req.headers['user-agent'])) return answer(200, {}, ARTICLE)(req, res);
      return answer(403, {}, 'Forbidden')(req, res);
    },
  });
}
