import type { JudgeContext } from '../../judge/context.js';
import { documentKind } from '../rendering/document-kind.js';
import { hasReadableContent } from '../rendering/readable-content.js';

/** Author and dates can be read from the <head> (JSON-LD, meta) of any HTML page, even a JavaScript shell. */
export function judgesDocument(ctx: JudgeContext): boolean {
  return documentKind(ctx) === 'html';
}

/** Links in the content need content: on a shell Rendering carries the critical issue instead. */
export function judgesBody(ctx: JudgeContext): boolean {
  return hasReadableContent(ctx);
}
