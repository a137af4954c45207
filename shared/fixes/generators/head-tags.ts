/**
 * The `<head>` tags the page lacks or gets wrong: title, meta description, canonical link, Open Graph and the
 * Twitter card type, each only where its rule fired. Values are the page's own (its og:title or h1, its opening
 * text, its URL, its images); a value the page does not give is a placeholder.
 */
import type { PageDigest } from '../digest/page-digest.js';
import { charLength, clipSentences, GENERIC_TITLE } from '../digest/text.js';
import { escapeAttr, escapeText, needsAscii } from '../head/markup.js';
import { headEditOf, headPreview } from '../head/head-edit.js';
import { placeholder } from '../types.js';
import type { FixBody, GenerateContext } from './context.js';

interface Tag {
  html: string;
  why: string;
}

export function headTags(ctx: GenerateContext): FixBody | null {
  const page = ctx.inputs.page;
  if (!page) return null;
  const rules = new Set(ctx.planned.rules);
  const ascii = needsAscii(page.encoding);
  const title = rules.has('content.title') ? titleFor(page) : page.title;
  const description = rules.has('content.meta-description') ? descriptionFor(page) : page.description;
  const canonical = page.url.split('#')[0]!;
  const tags: Tag[] = [];
  if (rules.has('content.title')) tags.push({ html: `<title>${escapeText(title ?? '', ascii)}</title>`, why: 'a specific title' });
  if (rules.has('content.meta-description'))
    tags.push({ html: meta('name', 'description', description ?? '', ascii), why: 'a meta description of 50 to 170 characters' });
  if (rules.has('canonical.valid'))
    tags.push({ html: `<link rel="canonical" href="${escapeAttr(canonical, ascii)}">`, why: "a canonical link to the page's own URL" });
  if (rules.has('open-graph.tags')) tags.push(...openGraph(page, title, description, canonical, ascii));
  if (rules.has('twitter.card')) {
    const card = page.og.image || page.image ? 'summary_large_image' : 'summary';
    tags.push({ html: meta('name', 'twitter:card', card, ascii), why: `the Twitter card type (${card})` });
  }
  if (!tags.length) return null;
  const content = tags.map((t) => t.html).join('\n');
  return {
    title: 'Head tags',
    media_type: 'text/html; charset=utf-8',
    content,
    explanation:
      `Add these to the <head> of ${page.url}, replacing any tag of the same name: ${tags.map((t) => t.why).join('; ')}. ` +
      'The values come from the page itself.' +
      (content.includes('[FILL IN:') ? ' Replace each [FILL IN: ...] with what the page does not say.' : '') +
      (ascii ? ` Non-ASCII characters are written as character references because the page is in ${page.encoding}.` : ''),
    preview: headPreview(page.headHtml, headEditOf(content)),
  };
}

/** og:title or the h1, with the site's name when it fits, 10 to 70 characters; else a placeholder. */
function titleFor(page: PageDigest): string {
  const name = page.identity.name;
  for (const candidate of [page.og.title, page.h1, page.title]) {
    if (!candidate || GENERIC_TITLE.test(candidate.trim())) continue;
    const withName = name && !candidate.includes(name) ? `${candidate} | ${name}` : candidate;
    for (const t of [withName, candidate]) if (charLength(t) >= 10 && charLength(t) <= 70) return t;
  }
  return placeholder('a title of 10 to 70 characters naming the topic');
}

/** og:description or the opening text, 50 to 170 characters; else a placeholder. */
function descriptionFor(page: PageDigest): string {
  for (const candidate of [page.og.description, page.openingText]) {
    const text = clipSentences(candidate, 160);
    if (text && charLength(text) >= 50) return text;
  }
  return placeholder('one or two sentences, 50 to 170 characters, on what the page offers');
}

function openGraph(page: PageDigest, title: string | null, description: string | null, url: string, ascii: boolean): Tag[] {
  const absolute = (v: string | null) => (v && /^https?:\/\//i.test(v) ? v : v ? new URL(v, page.url).href : null);
  const kind = page.kind.article ? 'article' : page.kind.product ? 'product' : 'website';
  const values: Array<[string, string | null, string]> = [
    ['og:title', page.og.title ?? title, 'a title for previews'],
    ['og:description', page.og.description ?? description, 'a description for previews'],
    ['og:type', page.og.type ?? kind, 'the type of page'],
    ['og:url', absolute(page.og.url) ?? url, 'the page URL'],
    [
      'og:image',
      absolute(page.og.image) ?? page.image ?? placeholder('the absolute URL of an image for link previews, 1200x630'),
      'an image',
    ],
    ['og:site_name', page.og.site_name ?? page.identity.name, "the site's name"],
  ];
  return values
    .filter(([, value]) => value !== null)
    .map(([property, value, why]) => ({ html: meta('property', property, value!, ascii), why: `${property} (${why})` }));
}

function meta(attr: 'name' | 'property', key: string, value: string, ascii: boolean): string {
  return `<meta ${attr}="${key}" content="${escapeAttr(value, ascii)}">`;
}
