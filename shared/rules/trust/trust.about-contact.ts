import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import type { AnchorFact } from '../../facts/page-facts.js';
import { judgesBody } from '../../judge/applicability.js';
import { siteOf, siteOfUrl } from '../../url/site.js';
import { parseUrl } from '../../url/parse.js';
import { plural } from '../../judge/wording.js';
import { countWords } from '../../facts/words.js';
import { linkPatternFor, slugsFor } from '../../facts/language/match.js';

// Path segments an about or contact page goes by; an imprint names who runs the site and how to reach them. The
// lexicon's terms (docs/research/languages.md) add their slugs ("sobre nós" → sobre-nos) and their link texts.
const ABOUT_PATH =
  /(^|\/)(about|about-us|about_us|aboutus|about-me|team|our-team|people|who-we-are|company|imprint|impressum|ueber-uns|uber-uns|über-uns|a-propos|qui-sommes-nous|quienes-somos|sobre-nosotros|chi-siamo|over-ons|om-oss|editorial-policy|masthead)(\/|\.html?|\.php|$)/i;
const CONTACT_PATH =
  /(^|\/)(contact|contact-us|contact_us|contactus|kontakt|contacto|contatti|contactez-nous|support|help|imprint|impressum)(\/|\.html?|\.php|$)/i;
/** A link text longer than this is a headline or a sentence, not a way to the about or contact page. */
const MAX_LINK_WORDS = 8;

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
    const lang = ctx.facts.lang;
    const about = anchors.some((a) => matches(a, site, 'about', lang));
    const contact = anchors.some((a) => reachesSomeone(a.rawHref) || matches(a, site, 'contact', lang));
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

/** A mail link with an address or a phone link with a number: `mailto:?subject=...` (share by e-mail) reaches nobody. */
function reachesSomeone(rawHref: string): boolean {
  const m = /^(mailto|tel):([^?]*)/i.exec(rawHref.trim());
  if (!m) return false;
  const target = decodeSafely(m[2]!);
  return m[1]!.toLowerCase() === 'tel' ? /\d/.test(target) : target.includes('@');
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A short link text naming the page in the site's language (or a distinctive term of any language), or a URL
 * path on the site's own pages (linkedin.com/company/... is not our about page).
 */
function matches(a: AnchorFact, site: string, kind: 'about' | 'contact', lang: string | null): boolean {
  const text = a.text.trim();
  if (text && linkPatternFor(kind, lang).test(text) && countWords(text) <= MAX_LINK_WORDS) return true;
  if (!a.href) return false;
  // The path first: it rules out nearly every link, and the site of a URL costs a public-suffix lookup.
  const path = pathOf(a.href);
  const slugs = slugsFor(kind);
  const named =
    (kind === 'about' ? ABOUT_PATH : CONTACT_PATH).test(path) ||
    path.split('/').some((segment) => slugs.has(segment.toLowerCase().replace(/\.(html?|php|aspx?)$/, '')));
  return named && siteOfUrl(a.href) === site;
}

function pathOf(href: string): string {
  const pathname = parseUrl(href)?.pathname ?? '';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
