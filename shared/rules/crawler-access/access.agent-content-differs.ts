import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { PROBE_CAVEAT } from '../../crawlers/agent-fetches.js';
import { judgedProbes } from '../../crawlers/edge-refusals.js';
import { browserGotPage } from '../../crawlers/served.js';
import { browserText } from '../../crawlers/served-text.js';
import { listNames, oneOrMany, plural } from '../../judge/wording.js';

/**
 * A search or user-triggered AI agent gets a 2xx page whose visible text is less than half alike the page a
 * browser gets: a stripped bot version, a consent wall, a "please enable JavaScript" stub or cloaked content.
 * What the agent reads is what it can cite, so this is a warning whatever robots.txt says.
 */
export default defineRule({
  id: 'access.agent-content-differs',
  category: 'Crawler Access',
  weight: 10,
  severity: 'warning',
  title: 'AI agents are served different content than browsers',
  description:
    'Whether an AI search or user-triggered agent gets a 2xx page whose visible text differs from what a browser gets (similarity below 0.5).',
  fix: 'Serve AI agents the page browsers get: remove the user-agent rule at the CDN, WAF or server that swaps the content.',
  check(ctx) {
    if (!browserGotPage(ctx)) return notApplicable();
    const citing = judgedProbes(ctx).filter((p) => p.purpose === 'search' || p.purpose === 'user');
    if (!citing.length) return notApplicable();
    const differs = citing.filter((p) => p.served.outcome === 'different_content');
    if (!differs.length) return pass();
    const browserWords = browserText(ctx).words;
    const answers = differs.map(
      (p) =>
        `${p.agent}: different_content (HTTP ${p.served.http_status}, ${plural(p.served.words, 'word')}, similarity ${p.served.similarity.toFixed(2)})`,
    );
    const detail =
      `${answers.join('; ')}, while a browser got ${plural(browserWords, 'word')}: the agent's text is less than half alike the page's. ` +
      `AI answers quote what ${oneOrMany(differs.length, 'this agent reads', 'these agents read')}: serve ${listNames(differs.map((p) => p.agent))} the same page, ` +
      `and look for the CDN, WAF or server rule that varies the page by user agent. ${PROBE_CAVEAT}`;
    const share = (citing.length - differs.length) / citing.length;
    return share > 0 ? partial(share, detail) : fail(detail);
  },
});
