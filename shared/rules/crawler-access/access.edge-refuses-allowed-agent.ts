import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { PROBE_CAVEAT } from '../../crawlers/agent-fetches.js';
import { edgeRefusals, judgedProbes, type JudgedProbe } from '../../crawlers/edge-refusals.js';
import { browserGotPage } from '../../crawlers/served.js';
import { servedPhrase } from '../../crawlers/served-wording.js';
import { protectionVendor } from '../../challenge/detect.js';
import { listNames, oneOrMany } from '../../judge/wording.js';

const citing = (p: JudgedProbe) => p.purpose === 'search' || p.purpose === 'user';

/**
 * robots.txt lets an agent in, but the CDN or WAF in front of the site turns it away (blocked, rate limited, sent
 * to a login or another site, or dropped) while a browser gets the page: the robots.txt "yes" never reaches the
 * agent. Critical for search and user agents; for training crawlers a notice that costs nothing, since refusing
 * them is a legitimate choice. Challenges and 402s are reported by their own rules (shared/crawlers/edge-refusals.ts).
 */
export default defineRule({
  id: 'access.edge-refuses-allowed-agent',
  category: 'Crawler Access',
  weight: 20,
  severity: 'critical',
  title: 'The CDN or firewall refuses AI agents that robots.txt allows',
  description:
    'Whether an AI agent that robots.txt allows is blocked, rate limited, redirected away or dropped at the edge while a browser gets the page.',
  fix: 'Allow the AI agents in the WAF or CDN bot rule that refuses them; robots.txt already allows them.',
  check(ctx) {
    if (!browserGotPage(ctx)) return notApplicable();
    const allowed = judgedProbes(ctx).filter((p) => p.robotsAllows);
    if (!allowed.length) return notApplicable();
    const refused = edgeRefusals(ctx);
    if (!refused.length) return pass();
    const refusedCiting = refused.filter(citing);
    const detail = describe(refusedCiting.length ? refusedCiting : refused, ctx.snapshot.page.status);
    if (!refusedCiting.length) {
      return fail(`${detail} Refusing training crawlers is a legitimate choice; AI search and citations are unaffected.`, {
        severity: 'notice',
        title: 'The CDN or firewall refuses AI training crawlers that robots.txt allows',
        informational: true,
      });
    }
    const allowedCiting = allowed.filter(citing).length;
    const share = (allowedCiting - refusedCiting.length) / allowedCiting;
    return share > 0 ? partial(share, detail) : fail(detail);
  },
});

function describe(refused: JudgedProbe[], browserStatus: number): string {
  const vendor = refused.map((p) => protectionVendor(p.resource)).find(Boolean);
  const where = vendor ? `the ${vendor} WAF or bot rule` : 'the WAF, CDN or bot-protection rule';
  return (
    `${refused.map(servedPhrase).join('; ')}, while a browser got HTTP ${browserStatus}. ` +
    `robots.txt allows ${oneOrMany(refused.length, 'this agent', 'these agents')}, so the refusal comes from the edge: ` +
    `change ${where} that refuses ${listNames(refused.map((p) => p.agent))} (allow the user agents, or the operators' published IP ranges), not robots.txt. ` +
    PROBE_CAVEAT
  );
}
