import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { isArticlePage } from '../../facts/article-page.js';
import { siteOf, siteOfUrl } from '../../url/site.js';

/** Social networks: their share buttons and the site's own profiles are links out, not references. */
const SOCIAL = new Set([
  'facebook.com',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'instagram.com',
  'pinterest.com',
  'tiktok.com',
  'threads.net',
  'bsky.app',
  't.me',
  'wa.me',
  'whatsapp.com',
  'youtube.com',
  'snapchat.com',
  'tumblr.com',
  'addtoany.com',
  'sharethis.com',
]);
/** Share buttons and intents: a link that posts this page somewhere, not one to a source. */
const SHARE_PATH = /\/(sharer|share|sharing|intent|dialog|pin\/create|submit|shareArticle|send)(\/|\.php|$)|[?&](u|url|text)=/i;
/** A link text that only names a network or an action ("Facebook", "Tweet", "Follow us"). */
const SHARE_TEXT =
  /^(share|tweet|post|pin( it)?|follow( us)?|like|email|e-mail|fb|ig|yt|facebook|twitter|x|linkedin|instagram|pinterest|tiktok|youtube|whatsapp|telegram|reddit|tumblr|threads|bluesky)?$/i;
const ENOUGH_SITES = 2;
const LONG_CONTENT_WORDS = 300;
/** A post this short (an open thread's invitation, a notice) makes no claims to source; thin content reports its length. */
const FEW_CLAIMS_WORDS = 150;

/** Links from the content (not menus or footers) to other sites: sources that ground what the page says. */
export default defineRule({
  id: 'trust.outbound-references',
  category: 'Trust',
  weight: 4,
  severity: 'warning',
  title: 'No references to other sources',
  description: 'Whether the content (not its menus or footer) links to at least two other sites as sources.',
  fix: 'Link the studies, data and documentation the text relies on.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const article = isArticlePage(ctx);
    if (!article && ctx.facts.wordCount < LONG_CONTENT_WORDS) return notApplicable();
    if (ctx.facts.content.contentWords < FEW_CLAIMS_WORDS) return notApplicable();
    const own = siteOf(ctx.pageUrl.hostname);
    const sites = new Set<string>();
    for (const a of ctx.facts.content.contentAnchors) {
      const site = siteOfUrl(a.href);
      if (site && site !== own && isReference(a.href, a.text, site)) sites.add(site);
    }
    if (sites.size >= ENOUGH_SITES) return pass();
    if (sites.size === 1) {
      return partial(
        0.7,
        `The content links to one other site (${[...sites][0]}); answer engines trust claims they can trace to several sources. Cite the studies, data and documentation the text relies on.`,
        { severity: 'notice' },
      );
    }
    return partial(
      article ? 0 : 0.5,
      `The content links to no other site; answer engines trust claims they can trace to a source. Link the studies, data and documentation the text relies on.`,
      article ? {} : { severity: 'notice' },
    );
  },
});

/**
 * A link to another site that can ground a claim. A social network counts only for a named post or profile in
 * the text ("@darkzip", "the mayor's statement"), not for a share button or a bare "Facebook".
 */
function isReference(href: string, text: string, site: string): boolean {
  if (SHARE_PATH.test(href) && SOCIAL.has(site)) return false;
  if (!SOCIAL.has(site)) return true;
  return !SHARE_TEXT.test(text.trim());
}
