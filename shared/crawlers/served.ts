/**
 * What each probed agent was served (`crawlers[].served`), judged against the page as a browser got it. One
 * outcome per agent, decided in this order (docs/audits.md#what-each-agent-is-served):
 * 1. no response: a refused connection is `blocked`; a timeout, TLS failure, reset or the audit deadline `error`;
 * 2. a bot-challenge page (shared/challenge), whatever its status: `challenge`;
 * 3. a redirect to another site (registrable domain) or to a login page the browser was not sent to: `redirected_away`;
 * 4. 402 `payment_required`; 401, 403, 451 `blocked`; 429 or 503 with Retry-After `rate_limited`;
 * 5. any other 4xx: `blocked` when the browser got the page, else `error`; 5xx and a 3xx left unfollowed: `error`;
 * 6. 2xx: `different_content` when the browser got a readable page and the visible texts are less than 0.5 alike,
 *    else `ok`.
 */
import type { JudgeContext } from '../judge/context.js';
import type { Served, ServedOutcome } from '../types/audit.js';
import type { FetchedResource } from '../types/fetcher.js';
import { detectChallenge } from '../challenge/detect.js';
import { probedPages } from '../gather/agent-probes.js';
import { parseUrl } from '../url/parse.js';
import { sameSite } from '../url/site.js';
import { agentText, browserText, browserWords, prefixTexts } from './served-text.js';
import { jaccard } from './text-similarity.js';

/** Below this similarity a 2xx answer is `different_content`. */
export const DIFFERENT_CONTENT_BELOW = 0.5;

export interface ServedProbe {
  /** The agent's token as probed. */
  agent: string;
  resource: FetchedResource;
  served: Served;
}

/** Every probe of the audit with what it was served, in probe order (memoised). */
export function servedProbes(ctx: JudgeContext): ServedProbe[] {
  return ctx.memo('crawlers:served', () =>
    probedPages(ctx.snapshot).map(({ agent, resource }) => ({ agent: agent.token, resource, served: servedTo(ctx, resource) })),
  );
}

/** What one agent's answer was served, compared with the browser's copy. */
export function servedTo(ctx: JudgeContext, agent: FetchedResource): Served {
  const browser = ctx.snapshot.page;
  const status = agent.error || agent.status === 0 ? null : agent.status;
  const { words, similarity } = status === null ? { words: 0, similarity: 0 } : compare(ctx, agent);
  return { outcome: outcomeOf(ctx, browser, agent, similarity), http_status: status, words, similarity };
}

/** The browser got a readable page: a 2xx that is no challenge. The comparisons below only mean something then. */
export function browserGotPage(ctx: JudgeContext): boolean {
  return ctx.memo('crawlers:browser-got-page', () => {
    const page = ctx.snapshot.page;
    return !page.error && page.status >= 200 && page.status < 300 && !detectChallenge(page);
  });
}

function outcomeOf(ctx: JudgeContext, browser: FetchedResource, agent: FetchedResource, similarity: number): ServedOutcome {
  if (agent.error || agent.status === 0) return refusedConnection(agent) ? 'blocked' : 'error';
  if (detectChallenge(agent)) return 'challenge';
  if (redirectedAway(browser, agent)) return 'redirected_away';
  const s = agent.status;
  if (s === 402) return 'payment_required';
  if (s === 401 || s === 403 || s === 451) return 'blocked';
  if ((s === 429 || s === 503) && agent.headers['retry-after']?.trim()) return 'rate_limited';
  if (s >= 400 && s < 500) return browserGotPage(ctx) ? 'blocked' : 'error';
  if (s < 200 || s >= 300) return 'error';
  return browserGotPage(ctx) && similarity < DIFFERENT_CONTENT_BELOW ? 'different_content' : 'ok';
}

/** ECONNREFUSED: nobody would talk to the probe. A reset after connecting is an `error`, as a timeout is. */
function refusedConnection(agent: FetchedResource): boolean {
  return agent.error?.code === 'refused' && /ECONNREFUSED/.test(agent.error.message);
}

const LOGIN_PATH =
  /(?:^|\/)(?:log-?in|sign-?in|sign_in|signon|auth(?:enticate|orize)?|sso|session|sessions|account\/login|wp-login\.php)(?:\/|\.|$)/i;

/**
 * Sent somewhere the browser was not: another registrable domain, or a login page. Where redirects were not
 * followed (a crawl stays on its host), the unfollowed 3xx's Location is where the agent was sent.
 */
function redirectedAway(browser: FetchedResource, agent: FetchedResource): boolean {
  const location = agent.status >= 300 && agent.status < 400 ? agent.headers.location : undefined;
  const target = parseUrl(location ?? agent.finalUrl, agent.finalUrl);
  // A browser's fetch follows redirects without listing the hops (the extension): a final URL of its own says it moved.
  const moved = agent.redirects.length > 0 || (!!agent.finalUrl && agent.finalUrl !== agent.url);
  if (!target || (!location && !moved)) return false;
  const browserUrl = parseUrl(browser.finalUrl || browser.url);
  if (browserUrl && target.href === browserUrl.href) return false;
  if (browserUrl && !sameSite(target.hostname, browserUrl.hostname)) return true;
  return LOGIN_PATH.test(target.pathname) && !(browserUrl && LOGIN_PATH.test(browserUrl.pathname));
}

/** Visible words the agent got and how alike its text is to the browser's. */
function compare(ctx: JudgeContext, agent: FetchedResource): { words: number; similarity: number } {
  const browser = ctx.snapshot.page;
  if (agent.body === browser.body && agent.binary === browser.binary) {
    return { words: browserWords(ctx), similarity: agent.binary ? binarySimilarity(browser, agent) : 1 };
  }
  if (agent.binary || browser.binary) return { words: 0, similarity: binarySimilarity(browser, agent) };
  const own = agentText(ctx, agent);
  if (!agent.truncated && !browser.truncated) return { words: own.words, similarity: jaccard(own.shingles, browserText(ctx).shingles) };
  // One copy was cut at its byte cap: compare the two cut at the same length. A probe whose cut copy is the
  // browser's copy, character for character, got the same page: it is credited with the browser's words.
  const cut = prefixTexts(ctx, agent);
  const samePrefix = agent.truncated && browser.body.startsWith(agent.body);
  return { words: samePrefix ? browserWords(ctx) : own.words, similarity: jaccard(cut.agent.shingles, cut.browser.shingles) };
}

/** Two binary bodies (a PDF) are alike when their type and size agree: their bytes are not kept to compare. */
function binarySimilarity(browser: FetchedResource, agent: FetchedResource): number {
  const type = (r: FetchedResource) => (r.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return browser.binary && agent.binary && browser.bytes === agent.bytes && type(browser) === type(agent) ? 1 : 0;
}
