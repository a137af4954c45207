import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { robotsReading, robotsDecisionFor } from '../../crawlers/robots-context.js';
import { looksLikeCopiedAiBlockList } from '../../crawlers/block-list.js';
import { namesAgent } from '../../robots/groups.js';
import { shownPath } from '../../crawlers/wording.js';

const PREVIEW_AGENT = 'facebookexternalhit';

/** facebookexternalhit draws link previews; AI block lists copied wholesale often include it. */
export default defineRule({
  id: 'robots.link-previews-blocked',
  category: 'Crawler Access',
  weight: 0,
  severity: 'notice',
  title: 'robots.txt blocks link previews (facebookexternalhit)',
  description:
    "Whether robots.txt names facebookexternalhit, Meta's link-preview fetcher, and disallows the page for it (often from a copied AI block list).",
  fix: 'Remove facebookexternalhit from the block list unless pages without link previews are intended.',
  check(ctx) {
    const reading = robotsReading(ctx);
    if (reading.kind !== 'parsed') return notApplicable();
    // Only an explicit group counts: a site-wide `*` block is reported by the agent rules already.
    if (!namesAgent(reading.robots, PREVIEW_AGENT)) return notApplicable();
    if (robotsDecisionFor(ctx, PREVIEW_AGENT).allowed) return pass();
    const copied = looksLikeCopiedAiBlockList(reading.robots)
      ? ' The file looks copied from a broad AI block list, which names this link-preview fetcher too.'
      : '';
    return fail(
      `robots.txt disallows facebookexternalhit for ${shownPath(ctx)}, so links to the page shared in Meta’s apps may show no preview.${copied} ` +
        'Remove it from the list unless that is intended; it does not train AI models.',
    );
  },
});
