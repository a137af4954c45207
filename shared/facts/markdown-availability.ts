import type { JudgeContext } from '../judge/context.js';
import type { FetchedResource } from '../types/fetcher.js';
import { looksLikeHtml, mediaType } from '../llms-txt/site-file.js';
import { pageHeaderLinks } from './link-header.js';

const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);

export interface MarkdownAvailability {
  /** The page answered `Accept: text/markdown` with a Markdown body. */
  negotiated: boolean;
  /** Both the Markdown and the HTML responses carry `Vary: Accept` (caches keep them apart). */
  markdownVaries: boolean;
  htmlVaries: boolean;
  /** The media type the markdown request got back. */
  answeredWith: string | null;
  /** URL of a `rel=alternate type=text/markdown` link (HTML or Link header), or null. */
  alternate: string | null;
}

export function markdownAvailability(ctx: JudgeContext): MarkdownAvailability {
  return ctx.memo('facts.markdownAvailability', () => {
    const md = ctx.snapshot.markdown;
    const answered = md && !md.error && md.status > 0 ? md : null;
    const negotiated =
      answered !== null &&
      answered.status >= 200 &&
      answered.status < 300 &&
      MARKDOWN_TYPES.has(mediaType(answered)) &&
      !looksLikeHtml(answered) &&
      answered.body.trim() !== '';
    const htmlLink = ctx.pageOk
      ? ctx.facts.links.find((l) => l.rel.includes('alternate') && MARKDOWN_TYPES.has(l.type ?? '') && l.href)
      : undefined;
    const headerLink = pageHeaderLinks(ctx).find(
      (l) => l.rels.includes('alternate') && MARKDOWN_TYPES.has((l.params.type ?? '').toLowerCase()) && l.href,
    );
    return {
      negotiated,
      markdownVaries: answered !== null && variesOnAccept(answered),
      htmlVaries: variesOnAccept(ctx.snapshot.page),
      answeredWith: answered ? mediaType(answered) || null : null,
      alternate: htmlLink?.href ?? headerLink?.href ?? null,
    };
  });
}

function variesOnAccept(resource: FetchedResource): boolean {
  const vary = (resource.headers.vary ?? '').toLowerCase().split(',').map((v) => v.trim());
  return vary.includes('accept') || vary.includes('*');
}
