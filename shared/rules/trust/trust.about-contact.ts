import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import type { AnchorFact } from '../../facts/page-facts.js';
import { judgesBody } from '../../judge/applicability.js';
import { siteOf, siteOfUrl } from '../../url/site.js';
import { plural } from '../../judge/wording.js';

// Path segments and link texts (several languages); an imprint names who runs the site and how to reach them.
const ABOUT_PATH =
  /(^|\/)(about|about-us|about_us|aboutus|about-me|team|our-team|people|who-we-are|company|imprint|impressum|ueber-uns|uber-uns|über-uns|a-propos|qui-sommes-nous|quienes-somos|sobre-nosotros|chi-siamo|over-ons|om-oss|editorial-policy|masthead)(\/|\.html?|\.php|$)/i;
const ABOUT_TEXT =
  /^(about\b|our team$|team$|who we are$|our story$|company$|imprint$|impressum$|über uns$|ueber uns$|à propos|a propos|qui sommes-nous|quiénes somos|sobre nosotros$|chi siamo$|over ons$|editorial policy$|masthead$)/i;
const CONTACT_PATH =
  /(^|\/)(contact|contact-us|contact_us|contactus|kontakt|contacto|contatti|contactez-nous|support|help|imprint|impressum)(\/|\.html?|\.php|$)/i;
const CONTACT_TEXT = /^(contact\b|kontakt\b|contacto\b|contatti\b|contactez-nous|get in touch|support$|help$|imprint$|impressum$)/i;

/** Links to an about page and a way to make contact: who stands behind the site. */
export default defineRule({
  id: 'trust.about-contact',
  category: 'Trust',
  weight: 6,
  severity: 'warning',
  title: 'No about or contact link',
  description: 'Whether the page links to an about page and offers a way to make contact.',
  fix: 'Link an about page and a contact page from every page, for example in the footer.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const site = siteOf(ctx.pageUrl.hostname);
    const anchors = ctx.facts.anchors;
    const about = anchors.some((a) => matches(a, site, ABOUT_PATH, ABOUT_TEXT));
    const contact = anchors.some((a) => /^(mailto|tel):/i.test(a.rawHref.trim()) || matches(a, site, CONTACT_PATH, CONTACT_TEXT));
    if (about && contact) return pass();
    if (about || contact) {
      return partial(
        0.6,
        about
          ? 'The page links to an about page but offers no contact link, email or phone; answer engines and readers trust sources they can reach. Link a contact page from every page (the footer is fine).'
          : 'The page offers a way to make contact but no link to an about page; answer engines look for who stands behind a source. Link an about page from every page (the footer is fine).',
        { title: about ? 'No contact link' : 'No about link' },
      );
    }
    return fail(
      `None of the page's ${plural(anchors.length, 'link')} leads to an about or contact page; answer engines look for who stands behind a source and how to reach them. Link both from every page, for example in the footer.`,
    );
  },
});

/** Link text matches anywhere; a URL path only on the site's own pages (linkedin.com/company/... is not our about page). */
function matches(a: AnchorFact, site: string, path: RegExp, text: RegExp): boolean {
  if (text.test(a.text.trim())) return true;
  if (!a.href || siteOfUrl(a.href) !== site) return false;
  try {
    return path.test(decodeURIComponent(new URL(a.href).pathname));
  } catch {
    return path.test(new URL(a.href).pathname);
  }
}
