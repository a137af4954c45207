import type { JudgeContext } from './context.js';
import { documentKind } from '../facts/document-kind.js';
import { hasReadableContent } from '../facts/readable-content.js';

/**
 * When a rule has something to judge. Rules that read the document (the <head>: title, description, lang,
 * JSON-LD, meta dates) judge any HTML page, a JavaScript shell too: an AI crawler reads its head. Rules
 * that read the content need content: on a shell `rendering.no-content-without-js` carries the one
 * critical issue, and they are not applicable, so one root cause is reported once, not ten times.
 */
export function judgesDocument(ctx: JudgeContext): boolean {
  return documentKind(ctx) === 'html';
}

/** True when the page is an HTML document whose server HTML carries content a reader could use. */
export function judgesBody(ctx: JudgeContext): boolean {
  return hasReadableContent(ctx);
}

/** True when the page answered 2xx (binary or not): response headers and meta directives apply to it. */
export function pageAnswered(ctx: JudgeContext): boolean {
  const p = ctx.snapshot.page;
  return !p.error && p.status >= 200 && p.status < 300;
}
