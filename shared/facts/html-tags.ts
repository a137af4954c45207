/** Elements whose text a reader never sees on the page. */
export const HIDDEN_TEXT_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'svg', 'math']);
