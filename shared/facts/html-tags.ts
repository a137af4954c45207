/** Elements whose text a reader never sees on the page. */
export const HIDDEN_TEXT_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'svg', 'math']);

/**
 * The same, for a client that runs no JavaScript: it renders what `<noscript>` holds (HTML's "scripting
 * disabled" parsing), so an article kept there is text that client reads.
 */
export const HIDDEN_WITHOUT_SCRIPTING: ReadonlySet<string> = new Set([...HIDDEN_TEXT_TAGS].filter((tag) => tag !== 'noscript'));
