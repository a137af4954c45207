import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { blockedAgents } from '../../crawlers/blocked-agents.js';
import { robotsReading } from '../../crawlers/robots-context.js';
import { listNames, oneOrMany } from '../../judge/wording.js';
import { sharedRuleNote, shownPath } from '../../crawlers/wording.js';

/** User-triggered agents fetch a page while answering someone's question about it. */
export default defineRule({
  id: 'robots.user-agents-blocked',
  category: 'Crawler Access',
  weight: 15,
  severity: 'critical',
  title: 'robots.txt blocks AI assistants fetching for users',
  description: 'Whether robots.txt disallows the page for user-triggered AI agents (ChatGPT-User, Claude-User, Perplexity-User ...).',
  fix: 'Allow the user-triggered agents in robots.txt so answers can read and cite the page.',
  check(ctx) {
    const reading = robotsReading(ctx);
    if (reading.kind === 'unreachable' || reading.kind === 'not-checked') return notApplicable();
    const { checked, blocked } = blockedAgents(ctx, 'user');
    if (!blocked.length) return pass();
    const detail =
      `robots.txt disallows ${listNames(blocked.map((b) => b.agent.agent))} for ${shownPath(ctx)}${sharedRuleNote(blocked.map((b) => b.decision.rule))}. ` +
      `${oneOrMany(blocked.length, 'This agent fetches', 'These agents fetch')} the page when someone asks ${listNames(blocked.map((b) => b.agent.feeds))} about it; allow ${oneOrMany(blocked.length, 'it', 'them')} so answers can read and cite the page.`;
    return partial(Math.min(0.5, (checked.length - blocked.length) / checked.length), detail);
  },
});
