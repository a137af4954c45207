import type { JudgeContext } from '../judge/context.js';

/**
 * What the page's response is, as far as reading it goes:
 * - `unavailable`: no 2xx response (Crawler Access reports the status or the network error);
 * - `binary`: bytes that are not text (an image, a PDF, an archive);
 * - `html`: an HTML or XHTML document;
 * - `plain-text`: text/plain or markdown, readable but without HTML structure;
 * - `other-text`: JSON, XML, CSS, JavaScript ... text, but not a page a reader would quote.
 */
export type DocumentKind = 'unavailable' | 'binary' | 'html' | 'plain-text' | 'other-text';

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/;
const PLAIN_TYPES = /^(text\/plain|text\/markdown|text\/x-markdown)$/;

export function documentKind(ctx: JudgeContext): DocumentKind {
  return ctx.memo('facts.documentKind', () => {
    const page = ctx.snapshot.page;
    if (page.error || page.status < 200 || page.status >= 300) return 'unavailable';
    if (page.binary) return 'binary';
    const mime = contentMime(ctx);
    if (HTML_TYPES.test(mime)) return 'html';
    if (PLAIN_TYPES.test(mime)) return 'plain-text';
    if (mime === '') return /<(!doctype\s+html|html|head|body)\b/i.test(page.body.slice(0, 4096)) ? 'html' : 'plain-text';
    return 'other-text';
  });
}

/** The response's media type, lower-cased, without parameters ("" when absent). */
export function contentMime(ctx: JudgeContext): string {
  return (ctx.snapshot.page.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}
