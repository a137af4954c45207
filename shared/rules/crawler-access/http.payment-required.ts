import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { accessSummary, PROBE_CAVEAT } from '../../crawlers/agent-fetches.js';
import { paymentScheme } from '../../crawlers/payment.js';
import { listNames, oneOrMany } from '../../judge/wording.js';

/**
 * HTTP 402 to an AI search or user-triggered agent (Cloudflare pay per crawl, x402) while a browser gets the page.
 * Charging is a business choice, so this is a warning, not a block; but a user-triggered agent is fetching for a
 * person asking about the page right now, and an unpaid search crawler leaves the page out of its index.
 * Training crawlers asked to pay are challenge.training-agents-blocked's notice.
 */
export default defineRule({
  id: 'http.payment-required',
  category: 'Crawler Access',
  weight: 10,
  severity: 'warning',
  title: 'AI agents are asked to pay to read the page',
  description:
    'Whether AI search or user-triggered agents get HTTP 402 Payment Required (pay per crawl, x402) while a browser gets the page.',
  fix: 'Keep HTTP 402 for training crawlers and let AI search and user-triggered agents read the page.',
  check(ctx) {
    const { citing } = accessSummary(ctx);
    if (!citing.length) return notApplicable();
    const charged = citing.filter((a) => a.charged);
    if (!charged.length) return pass();
    const users = charged.filter((a) => a.purpose === 'user');
    const schemes = [...new Set(charged.map((a) => paymentScheme(a.resource)))];
    const detail =
      `${listNames(charged.map((a) => a.agent))} got HTTP 402 Payment Required (${schemes.join('; ')}) while a browser got HTTP ${ctx.snapshot.page.status}. ` +
      (users.length
        ? `${oneOrMany(users.length, 'A user-triggered agent fetches', 'User-triggered agents fetch')} a page while answering someone's question about it, so that answer cites another source: keep 402 for training crawlers. `
        : 'Unpaid, AI search leaves the page out of its answers: keep 402 for training crawlers if citations matter. ') +
      PROBE_CAVEAT;
    const title = users.length
      ? 'AI assistants are asked to pay to read the page'
      : 'AI search crawlers are asked to pay to index the page';
    const share = (citing.length - charged.length) / citing.length;
    return share > 0 ? partial(share, detail, { title }) : fail(detail, { title });
  },
});
