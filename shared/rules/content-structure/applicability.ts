import type { JudgeContext } from '../../judge/context.js';
import { documentKind } from '../rendering/document-kind.js';
import { hasReadableContent } from '../rendering/readable-content.js';

/**
 * Head rules (title, description, lang) judge any HTML document: an AI crawler reads the <head> of a
 * JavaScript shell too. Body rules judge content, so they are not applicable when the server HTML
 * has none: Rendering already carries that as its critical issue.
 */
export function judgesHead(ctx: JudgeContext): boolean {
  return documentKind(ctx) === 'html';
}

export function judgesBody(ctx: JudgeContext): boolean {
  return hasReadableContent(ctx);
}

/** Cuts a quoted page text for an issue detail. */
export function quote(text: string, max = 60): string {
  const chars = [...text];
  return `"${chars.length > max ? chars.slice(0, max - 1).join('') + '…' : text}"`;
}
