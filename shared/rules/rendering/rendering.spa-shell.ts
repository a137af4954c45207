import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { shellVerdict } from '../../facts/readable-content.js';

/**
 * An empty SPA mount point (#root, #__next, #app ...) on a page that otherwise has server text: part
 * of the page is probably drawn by JavaScript. A page that is nothing but the shell is the critical
 * `rendering.no-content-without-js`, so this rule is not applicable there.
 */
export default defineRule({
  id: 'rendering.spa-shell',
  category: 'Rendering',
  weight: 4,
  severity: 'warning',
  title: 'Empty single-page-app container in the server HTML',
  description: 'Whether an empty single-page-app mount point (#root, #__next, #app ...) sits in a page that otherwise has server text.',
  fix: 'Render what JavaScript draws into the container on the server, or keep anything important out of it.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    let empty = shellVerdict(ctx).evidence.emptyRoots;
    const rendered = ctx.renderedFacts;
    if (rendered) {
      // With the live DOM we know: a mount point that stays empty after JavaScript hides nothing.
      const filled = new Set(rendered.rootContainers.filter((r) => r.textLength >= 20).map((r) => r.id));
      empty = empty.filter((r) => filled.has(r.id));
    }
    if (!empty.length) return pass();
    const names = empty.map((r) => `<${r.tag} id="${r.id}">`).join(', ');
    const words = ctx.facts.wordCount;
    if (words >= 300) {
      return partial(
        0.8,
        `The server HTML has ${words} words but ${names} is empty, so whatever JavaScript draws there is invisible to AI crawlers. Make sure nothing important renders only inside it.`,
        { severity: 'notice' },
      );
    }
    return partial(
      0.4,
      `The server HTML has only ${words} words and ${names} is empty: the main content is probably drawn by JavaScript, which AI crawlers do not run. Render it on the server.`,
    );
  },
});
