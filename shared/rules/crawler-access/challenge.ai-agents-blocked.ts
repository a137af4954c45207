import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { accessSummary, PROBE_CAVEAT, type AgentFetch } from '../../crawlers/agent-fetches.js';
import { type ChallengeMatch, protectionVendor } from '../../challenge/detect.js';
import { listNames } from '../../judge/wording.js';
import { reportedAsEdgeRefusal } from '../../crawlers/edge-refusals.js';

/**
 * A WAF or bot challenge in front of AI search and user-triggered agents hides the page from every answer engine.
 * Training crawlers turned away are a legitimate choice: challenge.training-agents-blocked reports them; a 402 asking
 * an agent to pay is http.payment-required's. A block, rate limit, redirect or dropped connection of an agent that
 * robots.txt allows is access.edge-refuses-allowed-agent's (shared/crawlers/edge-refusals.ts): this rule keeps bot
 * challenges, and the blocks of agents robots.txt refuses too.
 */
export default defineRule({
  id: 'challenge.ai-agents-blocked',
  category: 'Crawler Access',
  weight: 30,
  severity: 'critical',
  title: 'Bot protection blocks AI agents',
  description:
    'Whether a WAF or bot challenge turns away AI search and user-triggered agents while a browser gets the page, or is served to every visitor.',
  fix: 'Allow verified AI crawlers and assistants in your firewall or bot protection settings.',
  check(ctx) {
    const access = accessSummary(ctx);
    const page = ctx.snapshot.page;
    if (access.pattern === 'everyone') {
      const c = access.browserChallenge!;
      return fail(
        `The page answered a browser${access.citing.length ? ' and the AI agents' : ''} with ${describe(c)}, so automated readers only ever see the challenge. ` +
          'Relax the bot protection for this page or allow verified AI crawlers and assistants.',
        { title: 'A bot challenge is served to every visitor' },
      );
    }
    if (!access.citing.length) return notApplicable();
    const blocked = access.citing.filter((a) => a.blocked && !reportedAsEdgeRefusal(ctx, a.agent));
    if (!blocked.length) return pass();
    const vendor = blocked.map((a) => a.challenge?.vendor ?? protectionVendor(a.resource)).find(Boolean);
    // Agents that got the same answer share one clause: "OAI-SearchBot and ChatGPT-User got HTTP 403".
    const byAnswer = new Map<string, string[]>();
    for (const a of blocked) byAnswer.set(answerOf(a), [...(byAnswer.get(answerOf(a)) ?? []), a.agent]);
    const clauses = [...byAnswer].map(([answer, agents]) => `${listNames(agents)} ${answer}`);
    const detail =
      `${clauses.join('; ')}, while a browser got HTTP ${page.status}. ` +
      `AI engines cannot read or cite the page: allow ${blocked.length > 1 ? 'these' : 'this'} and other verified AI agents in ${vendor ? `your ${vendor} settings` : 'your firewall or bot protection'}. ${PROBE_CAVEAT}`;
    const share = (access.citing.length - blocked.length) / access.citing.length;
    return share > 0 ? partial(share, detail) : fail(detail);
  },
});

function describe(c: ChallengeMatch): string {
  return `a ${c.vendor} challenge (${c.evidence}, HTTP ${c.status})`;
}

function answerOf(a: AgentFetch): string {
  if (a.how === 'challenge' && a.challenge) return `got ${describe(a.challenge)}`;
  if (a.how === 'connection') return `had the connection dropped (${a.resource.error?.code ?? 'network'})`;
  return `got HTTP ${a.resource.status}`;
}
