import type { FactsExtractor } from './facts-reader.js';

const MAX_COMMENTS = 50;
const COMMENT_CAP = 200;

/** The attributes of <html> and <body> (the first of each), the page language, and HTML comments. */
export function documentExtractor(): FactsExtractor {
  let sawHtml = false;
  let sawBody = false;
  return {
    tags: ['html', 'body'],
    open({ name, attrs }, { facts }) {
      if (name === 'html' && !sawHtml) {
        sawHtml = true;
        facts.htmlAttrs = attrs;
        if (attrs.lang !== undefined) facts.lang = attrs.lang.trim();
      } else if (name === 'body' && !sawBody) {
        sawBody = true;
        facts.bodyAttrs = attrs;
      }
    },
    comment(data, { facts }) {
      // Builder markers live in comments; the first few are enough.
      if (facts.comments.length < MAX_COMMENTS) facts.comments.push(data.trim().slice(0, COMMENT_CAP));
    },
    finish(facts) {
      if (facts.lang === null && facts.htmlAttrs['xml:lang'] !== undefined) facts.lang = facts.htmlAttrs['xml:lang'].trim();
    },
  };
}
