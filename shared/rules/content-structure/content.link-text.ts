import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { floor2 } from '../../judge/ramp.js';
import { judgesBody } from '../../judge/applicability.js';

/** Link texts that say nothing about their target (English, German, French, Spanish). */
const GENERIC_TEXTS = new Set([
  'click here',
  'click',
  'here',
  'read more',
  'more',
  'learn more',
  'this link',
  'link',
  'continue',
  'continue reading',
  'details',
  'more info',
  'more information',
  'find out more',
  'see more',
  'go',
  'this',
  'hier',
  'hier klicken',
  'mehr',
  'weiterlesen',
  'mehr erfahren',
  'ici',
  'cliquez ici',
  'en savoir plus',
  'lire la suite',
  'aquí',
  'haz clic aquí',
  'leer más',
  'más',
  'saber más',
]);
const TOLERATED_SHARE = 0.1;
const MIN_LINKS = 3;

export default defineRule({
  id: 'content.link-text',
  category: 'Content Structure',
  weight: 2,
  severity: 'notice',
  title: 'Links that do not say where they lead',
  description: 'Whether link texts name their target rather than saying "click here" or "read more".',
  fix: 'Name the target in each link ("pricing for teams", not "click here").',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const texts = ctx.facts.anchors.map((a) => normalise(a.text)).filter(Boolean);
    if (texts.length < MIN_LINKS) return notApplicable();
    const generic = texts.filter((t) => GENERIC_TEXTS.has(t));
    const share = generic.length / texts.length;
    if (share <= TOLERATED_SHARE) return pass();
    const score = floor2(1 - share);
    const examples = [...new Set(generic)]
      .slice(0, 3)
      .map((t) => `"${t}"`)
      .join(', ');
    return partial(
      score,
      `${generic.length} of ${texts.length} links have generic text such as ${examples}; AI engines use link text to understand what a linked source is. Name the target in the link ("pricing for teams", not "click here").`,
      score < 0.6 ? { severity: 'warning' } : {},
    );
  },
});

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/^[\s»›→>….:!-]+|[\s»›→>….:!-]+$/g, '')
    .trim();
}
