import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { blockedAgents } from '../../crawlers/blocked-agents.js';
import { robotsReading } from '../../crawlers/robots-context.js';
import { listNames, oneOrMany } from '../../judge/wording.js';
import { shownPath } from '../../crawlers/wording.js';

/** Opting out of model training is a legitimate choice: reported, never scored (docs/api-decisions.md#audit-object). */
export default defineRule({
  id: 'robots.training-agents-blocked',
  category: 'Crawler Access',
  weight: 0,
  severity: 'notice',
  title: 'robots.txt opts out of AI training',
  description: 'Whether robots.txt disallows the page for training-only crawlers (GPTBot, ClaudeBot, Google-Extended ...).',
  fix: "Nothing to fix if the opt-out is intended; otherwise remove those agents' Disallow rules.",
  check(ctx) {
    const reading = robotsReading(ctx);
    if (reading.kind === 'unreachable' || reading.kind === 'not-checked') return notApplicable();
    const { blocked } = blockedAgents(ctx, 'training');
    if (!blocked.length) return pass();
    return fail(
      `robots.txt disallows ${listNames(blocked.map((b) => b.agent.agent))}, which only ${oneOrMany(blocked.length, 'collects', 'collect')} training data, for ${shownPath(ctx)}. ` +
        'This does not affect AI search or citations; nothing to fix if the opt-out is intended.',
    );
  },
});
