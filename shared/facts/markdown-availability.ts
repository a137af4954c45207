import type { JudgeContext } from '../judge/context.js';
import type { FetchedResource } from '../types/fetcher.js';
import { looksLikeHtml, mediaType } from '../llms-txt/site-file.js';
import { pageHeaderLinks } from './link-header.js';

const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);
/** A mirror is asked for by its name: served as plain text it is still the Markdown. */
const MIRROR_TYPES = new Set([...MARKDOWN_TYPES, 'text/plain']);

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
  /** URL of the page's `.md` mirror (llmstxt.org) when it answered with Markdown, or null (absent, or not asked). */
  mirror: string | null;
  /** The response that carries the Markdown: the negotiated one, else the mirror; null when there is none. */
  markdownResponse: FetchedResource | null;
}

export function markdownAvailability(ctx: JudgeContext): MarkdownAvailability {
  return ctx.memo('facts.markdownAvailability', () => {
    const md = ctx.snapshot.markdown;
    const answered = md && !md.error && md.status > 0 ? md : null;
    const negotiated = answered !== null && MARKDOWN_TYPES.has(mediaType(answered)) && isTextBody(answered);
    const mirrorRes = ctx.snapshot.markdownMirror;
    const mirrored = !!mirrorRes && !mirrorRes.error && MIRROR_TYPES.has(mediaType(mirrorRes)) && isTextBody(mirrorRes);
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
      mirror: mirrored ? mirrorRes.finalUrl || mirrorRes.url : null,
      markdownResponse: negotiated ? answered : mirrored ? mirrorRes : null,
    };
  });
}

/** A 2xx text body that is not an HTML page answering for any path. */
function isTextBody(res: FetchedResource): boolean {
  return res.status >= 200 && res.status < 300 && !res.binary && !looksLikeHtml(res) && res.body.trim() !== '';
}

function variesOnAccept(resource: FetchedResource): boolean {
  const vary = (resource.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());
  return vary.includes('accept') || vary.includes('*');
}
