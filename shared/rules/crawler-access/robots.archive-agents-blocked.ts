import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { blockedAgents } from '../../crawlers/blocked-agents.js';
import { robotsReading } from '../../crawlers/robots-context.js';
import { listNames } from '../../judge/wording.js';
import { shownPath } from '../../crawlers/wording.js';

/** Common Crawl is an open archive, not an engine: blocking it is a broad training opt-out. */
export default defineRule({
  id: 'robots.archive-agents-blocked',
  category: 'Crawler Access',
  weight: 0,
  severity: 'notice',
  title: 'robots.txt blocks the Common Crawl archive',
  description:
    "Whether robots.txt disallows the page for Common Crawl's CCBot, which opts it out of every training set built on Common Crawl.",
  fix: 'Nothing to fix if intended; otherwise allow CCBot in robots.txt.',
  check(ctx) {
    const reading = robotsReading(ctx);
    if (reading.kind === 'unreachable' || reading.kind === 'not-checked') return notApplicable();
    const { blocked } = blockedAgents(ctx, 'archive');
    if (!blocked.length) return pass();
    return fail(
      `robots.txt disallows ${listNames(blocked.map((b) => b.agent.agent))} for ${shownPath(ctx)}. ` +
        'Common Crawl feeds many AI training sets, so this opts the page out of every pipeline that uses Common Crawl; AI search and citations are unaffected.',
    );
  },
});
