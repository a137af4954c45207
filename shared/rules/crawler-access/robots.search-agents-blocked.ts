import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { blockedAgents } from '../../crawlers/blocked-agents.js';
import { robotsReading } from '../../crawlers/robots-context.js';
import { looksLikeCopiedAiBlockList } from '../../crawlers/block-list.js';
import { listNames, oneOrMany } from '../../judge/wording.js';
import { sharedRuleNote, shownPath } from '../../crawlers/wording.js';

/** AI search crawlers build the indexes answer engines cite from; blocking one costs citations. */
export default defineRule({
  id: 'robots.search-agents-blocked',
  category: 'Crawler Access',
  weight: 25,
  severity: 'critical',
  title: 'robots.txt blocks AI search crawlers',
  description:
    'Whether robots.txt disallows the page for AI search crawlers (OAI-SearchBot, Claude-SearchBot, PerplexityBot, Googlebot, Bingbot, Applebot ...).',
  fix: 'Allow the search crawlers in robots.txt; you can still block training-only crawlers such as GPTBot.',
  check(ctx) {
    const reading = robotsReading(ctx);
    // An unreachable robots.txt blocks everyone; robots.unreachable reports that once.
    if (reading.kind === 'unreachable' || reading.kind === 'not-checked') return notApplicable();
    const { checked, blocked } = blockedAgents(ctx, 'search');
    if (!blocked.length) return pass();
    const names = blocked.map((b) => b.agent.agent);
    const copied =
      reading.kind === 'parsed' && names.includes('Applebot') && looksLikeCopiedAiBlockList(reading.robots)
        ? ' Applebot, Apple’s search crawler, is probably blocked because the file copies a broad AI block list.'
        : '';
    const detail =
      `robots.txt disallows ${listNames(names)} for ${shownPath(ctx)}${sharedRuleNote(blocked.map((b) => b.decision.rule))}. ` +
      `${oneOrMany(blocked.length, 'This agent builds the index', 'These agents build the indexes')} ${listNames(blocked.map((b) => b.agent.feeds))} cite${oneOrMany(new Set(blocked.map((b) => b.agent.feeds)).size, 's', '')} from; allow ${oneOrMany(blocked.length, 'it', 'them')} (you can still block GPTBot for training).` +
      copied;
    // Even one blocked engine is a real loss of citations, so any block costs at least half.
    return partial(Math.min(0.5, (checked.length - blocked.length) / checked.length), detail);
  },
});
