import type { Parser } from 'htmlparser2';
import { createHtmlParser } from './html-parser.js';

/** Receives one document's events in order; every open gets exactly one close. */
export interface HtmlListener {
  open(name: string, attrs: Record<string, string>, startIndex: number): void;
  /** A whole text run between two tags (entity-split chunks are joined first). */
  text(data: string): void;
  close(name: string): void;
  comment?(data: string): void;
}

/**
 * One streaming pass over an HTML string feeding several listeners: no tree is built, so a
 * multi-megabyte page costs one tokenizer pass and little garbage, and deep nesting cannot
 * overflow the stack. Implied and missing end tags are closed here, so listeners see a balanced stream.
 */
export function walkHtml(html: string, listeners: readonly HtmlListener[]): void {
  const open: string[] = [];
  let pendingText = '';
  const flushText = () => {
    if (!pendingText) return;
    const data = pendingText;
    pendingText = '';
    for (const l of listeners) l.text(data);
  };
  const closeTop = () => {
    const name = open.pop()!;
    for (const l of listeners) l.close(name);
  };
  const parser: Parser = createHtmlParser(
    {
      onopentag(name, attrs) {
        flushText();
        open.push(name);
        for (const l of listeners) l.open(name, attrs, parser.startIndex);
      },
      ontext(data) {
        pendingText += data;
      },
      onclosetag(name) {
        flushText();
        let index = open.length - 1;
        while (index >= 0 && open[index] !== name) index--;
        if (index < 0) return;
        while (open.length > index) closeTop();
      },
      oncomment(data) {
        flushText();
        for (const l of listeners) l.comment?.(data);
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flushText();
  while (open.length) closeTop();
}
