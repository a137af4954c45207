/** llms.txt (llmstxt.org) and llms-full.txt: reading, validation, and the audit's `llms_txt` member. */
export { validateLlmsTxt } from './validate.js';
export { readLlmsTxt, readLlmsTxtResource, type LlmsTxtReading } from './read.js';
export { readLlmsFullTxt, type LlmsFullTxtReading } from './llms-full.js';
export { llmsTxtSummary } from './summary.js';
export { classifySiteFile, looksLikeHtml, mediaType, type SiteFile } from './site-file.js';
export { formatProblem, type LlmsTxtLink, type LlmsTxtProblem, type LlmsTxtSection, type LlmsTxtValidation } from './types.js';
