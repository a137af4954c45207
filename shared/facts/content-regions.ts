/**
 * What an element's class and id say about the region it opens: a comment section, a widget (newsletter
 * form, share bar, related links, cookie banner), or the meta line of a post (byline, dates). Tested per
 * token, whole token, so `has-comments` on an article or `social-proof` in a heading does not count.
 */

const COMMENT_TOKEN =
  /^(comments?|commentlist|comment[-_]?(list|area|section|wrapper|container|thread|block|form|respond)|comments[-_]?(area|section|wrapper|container|list|block|thread)|disqus[-_]?thread|respond|discussion[-_]?(thread|list|area))$/i;
const WIDGET_TOKEN =
  /^(.*[-_])?(newsletter|subscribe|subscription|signup|sign-up|optin|opt-in|widget|widgets|sidebar|promo|cta|popup|modal|cookie|cookies|consent|related|share|sharing|social|advert|advertisement|ads?|sponsored|sponsor|banner)([-_].*)?$/i;
const META_TOKEN = /^(.*[-_])?(meta|metadata|info|byline|dateline|credits?|signature|post-footer|entry-footer|post-header|entry-header)$/i;

function tokens(attrs: Record<string, string>): string[] {
  const out: string[] = [];
  if (attrs.class) for (const t of attrs.class.split(/\s+/)) if (t) out.push(t);
  if (attrs.id) out.push(attrs.id.trim());
  return out;
}

function hint(attrs: Record<string, string>, words: RegExp): boolean {
  // Most elements carry no class or id at all: answer those before splitting anything.
  if (attrs.class === undefined && attrs.id === undefined) return false;
  return tokens(attrs).some((t) => words.test(t));
}

/** A comment section (WordPress `#comments`, `.comment-list`, Disqus `#disqus_thread` ...). */
export function opensComments(attrs: Record<string, string>): boolean {
  return hint(attrs, COMMENT_TOKEN);
}

/** A widget beside the content: its headings are not the page's own. */
export function opensWidget(name: string, attrs: Record<string, string>): boolean {
  return name === 'form' || hint(attrs, WIDGET_TOKEN);
}

/** The meta line of a post (`.entry-meta`, `.post-footer`, `.byline`): where plain-text bylines and dates sit. */
export function opensMeta(attrs: Record<string, string>): boolean {
  return hint(attrs, META_TOKEN);
}
