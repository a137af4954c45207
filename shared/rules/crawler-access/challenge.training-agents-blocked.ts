import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { accessSummary, PROBE_CAVEAT, type AgentFetch } from '../../crawlers/agent-fetches.js';
import { paymentScheme } from '../../crawlers/payment.js';
import { listNames } from '../../judge/wording.js';
import { reportedAsEdgeRefusal } from '../../crawlers/edge-refusals.js';

/**
 * A training crawler (GPTBot) turned away or charged by bot protection while a browser gets the page. Blocking
 * training is a legitimate choice (docs/api-decisions.md#audit-object), and bot protection now does it by default on many zones:
 * a notice so the owner knows the choice was made, never a penalty. A block, rate limit, redirect or dropped
 * connection of a training crawler that robots.txt allows is access.edge-refuses-allowed-agent's notice instead.
 */
export default defineRule({
  id: 'challenge.training-agents-blocked',
  category: 'Crawler Access',
  weight: 0,
  severity: 'notice',
  title: 'Bot protection turns away AI training crawlers',
  description: 'Whether bot protection turns away or charges the AI training crawler probed (GPTBot) while a browser gets the page.',
  fix: 'Nothing to fix if intended; otherwise allow training crawlers in your bot protection settings.',
  check(ctx) {
    const training = accessSummary(ctx).agents.filter((a) => a.purpose === 'training' || a.purpose === 'archive');
    if (!training.length) return notApplicable();
    const refused = training.filter((a) => (a.blocked || a.charged) && !reportedAsEdgeRefusal(ctx, a.agent));
    if (!refused.length) return pass();
    return fail(
      `${refused.map((a) => `${a.agent} ${answerOf(a)}`).join('; ')}, while a browser got HTTP ${ctx.snapshot.page.status}. ` +
        `Training crawlers such as ${listNames(refused.map((a) => a.agent))} will not learn from the page; AI search and citations are unaffected. ` +
        `If that is not your choice, allow them in your bot protection settings. ${PROBE_CAVEAT}`,
    );
  },
});

function answerOf(a: AgentFetch): string {
  if (a.charged) return `was asked to pay (HTTP 402, ${paymentScheme(a.resource)})`;
  if (a.how === 'challenge' && a.challenge) return `got a ${a.challenge.vendor} challenge (HTTP ${a.challenge.status})`;
  if (a.how === 'connection') return `had the connection dropped (${a.resource.error?.code ?? 'network'})`;
  return `got HTTP ${a.resource.status}`;
}
