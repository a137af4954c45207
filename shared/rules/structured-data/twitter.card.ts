import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { socialMeta } from '../../structured-data/open-graph.js';

const CARD_TYPES = new Set(['summary', 'summary_large_image', 'app', 'player']);

/** X/Twitter falls back to Open Graph for the rest; only the card type has no fallback. */
export default defineRule({
  id: 'twitter.card',
  category: 'Structured Data',
  weight: 2,
  severity: 'notice',
  title: 'No Twitter card',
  description: 'Whether the page has a twitter:card meta tag with a valid card type.',
  fix: 'Add <meta name="twitter:card" content="summary_large_image">.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const card = socialMeta(ctx).twitterCard;
    if (card === null) {
      return fail(
        'The page has no twitter:card meta tag, so links to it on X show as bare text. Add <meta name="twitter:card" content="summary_large_image">.',
      );
    }
    if (CARD_TYPES.has(card.toLowerCase())) return pass();
    return partial(0.5, `twitter:card is "${card.slice(0, 40)}", which is not a card type. Use summary or summary_large_image.`, {
      title: 'Invalid Twitter card type',
    });
  },
});
