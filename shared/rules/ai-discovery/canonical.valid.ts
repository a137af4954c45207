import { defineRule, fail, notApplicable, partial, pass, type RuleOutcome } from '../../judge/rule.js';
import type { JudgeContext } from '../../judge/context.js';
import { comparableUrl } from '../../sitemap/comparable-url.js';
import { listPhrase } from '../../judge/wording.js';
import { sameSite } from '../../url/site.js';
import { redirectingUrls } from '../../judge/redirects.js';
import { canonicalDeclarations, type CanonicalDeclaration } from '../../facts/canonical-declarations.js';

/** The canonical URL is the address engines credit when they cite the page. */
export default defineRule({
  id: 'canonical.valid',
  category: 'AI Discovery',
  weight: 5,
  severity: 'warning',
  title: 'Canonical URL problem',
  description:
    'Whether the page declares one valid canonical URL that points to the page itself over HTTPS, not to another site, a redirect or the home page.',
  fix: 'Declare exactly one <link rel="canonical"> with the page\'s own final https:// URL.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const declared = canonicalDeclarations(ctx);
    return declarationFault(declared, ctx) ?? targetFault(new URL(declared[0]!.href!), ctx) ?? relativeFault(declared) ?? pass();
  },
});

/** No canonical, one that is not a web address, or several that disagree. */
function declarationFault(declared: readonly CanonicalDeclaration[], ctx: JudgeContext): RuleOutcome | null {
  if (!declared.length) {
    return partial(
      0.5,
      `The page declares no canonical URL, so engines must guess which of its addresses to credit. Add <link rel="canonical" href="${ctx.pageUrl.href}"> (or the preferred address).`,
      { severity: 'notice', title: 'No canonical URL' },
    );
  }
  const broken = declared.filter((d) => d.href === null || !/^https?:$/.test(new URL(d.href).protocol));
  if (broken.length) {
    return fail(`The canonical "${broken[0]!.raw.slice(0, 80)}" is not a valid web address. Point it to the page's full https:// URL.`, {
      title: 'Invalid canonical URL',
    });
  }
  const distinct = [...new Set(declared.map((d) => comparableUrl(d.href!)!))];
  if (distinct.length > 1) {
    const where = declared.map((d) => `${d.href} (${d.source === 'html' ? '<link>' : 'Link header'})`);
    return fail(
      `The page declares ${distinct.length} different canonical URLs: ${listPhrase([...new Set(where)])}. Engines then ignore them all; keep exactly one.`,
      { title: 'Conflicting canonical URLs' },
    );
  }
  return null;
}

/** The one canonical points elsewhere: another site, a redirecting address, the http:// version or the home page. */
function targetFault(canonical: URL, ctx: JudgeContext): RuleOutcome | null {
  const page = ctx.pageUrl;
  if (!sameSite(canonical.hostname, page.hostname)) {
    return partial(
      0.3,
      `The canonical points to another site (${canonical.href}), so engines will credit that address, not this one. If this page is the original, point the canonical to itself.`,
      { title: 'Canonical points to another site' },
    );
  }
  const target = comparableUrl(canonical.href);
  const here = comparableUrl(page.href);
  const redirected = redirectingUrls(ctx.snapshot.page).some((url) => comparableUrl(url) === target);
  if (redirected && target !== here) {
    return partial(
      0.5,
      `The canonical (${canonical.href}) is an address that redirects to this page, so engines are sent in a circle. Point it to the final URL, ${page.href}.`,
      { title: 'Canonical points to a redirecting URL' },
    );
  }
  if (canonical.protocol === 'http:' && page.protocol === 'https:') {
    return partial(
      0.5,
      `The canonical (${canonical.href}) uses http:// although the page is served over https://. Point it to the https:// address.`,
      { title: 'Canonical points to the http:// version' },
    );
  }
  if (canonical.pathname === '/' && page.pathname !== '/' && !canonical.search) {
    return partial(
      0.5,
      `The canonical of ${page.pathname} points to the home page (${canonical.href}), telling engines this page is a duplicate of it. Point it to the page's own URL.`,
      { title: 'Canonical points to the home page' },
    );
  }
  return null;
}

/** A relative canonical in the HTML: it resolves, but breaks when the page is copied or proxied. */
function relativeFault(declared: readonly CanonicalDeclaration[]): RuleOutcome | null {
  const relative = declared.find((d) => d.source === 'html' && !/^https?:\/\//i.test(d.raw));
  if (!relative) return null;
  return partial(
    0.8,
    `The canonical is written as a relative URL ("${relative.raw.slice(0, 80)}"). Use the absolute https:// URL; relative canonicals break when the page is copied or proxied.`,
    { severity: 'notice', title: 'Canonical URL is relative' },
  );
}
