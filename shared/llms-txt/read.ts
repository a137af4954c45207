import type { JudgeContext } from '../judge/context.js';
import type { FetchedResource } from '../types/fetcher.js';
import type { LlmsTxtProblem, LlmsTxtValidation } from './types.js';
import { classifySiteFile, type SiteFile } from './site-file.js';
import { validateLlmsTxt } from './validate.js';

export interface LlmsTxtReading {
  /** The contract's status: `present` whenever the server answered 2xx, even with the wrong thing. */
  status: 'present' | 'missing' | 'error';
  file: SiteFile;
  /** The grammar check, when the file was text. */
  validation: LlmsTxtValidation | null;
  /** Delivery and grammar problems together, errors first. */
  problems: LlmsTxtProblem[];
  valid: boolean;
  /** Set when the file judged is the one the page names with rel="describedby", not the origin's /llms.txt. */
  describedUrl?: string;
}

const MARKDOWN_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown']);

/**
 * The llms.txt that covers the page, read and validated once per audit: the one the page names with
 * rel="describedby" when that answered with text (llms.txt v2: the most specific file applies), else the
 * origin's /llms.txt.
 */
export function readLlmsTxt(ctx: JudgeContext): LlmsTxtReading {
  return ctx.memo('llms-txt:reading', () => {
    const described = ctx.snapshot.describedLlmsTxt;
    if (described && classifySiteFile(described).kind === 'text') {
      return { ...readLlmsTxtResource(described), describedUrl: described.url };
    }
    return readLlmsTxtResource(ctx.snapshot.llmsTxt);
  });
}

/** Pure core of `readLlmsTxt`. */
export function readLlmsTxtResource(resource: FetchedResource | null): LlmsTxtReading {
  const file = classifySiteFile(resource);
  const error = (message: string): LlmsTxtProblem => ({ severity: 'error', line: null, message });
  switch (file.kind) {
    case 'not_fetched':
      return reading('error', file, [error('/llms.txt was not fetched')]);
    case 'unreachable':
      return reading('error', file, [error(`/llms.txt could not be fetched (${file.message})`)]);
    case 'missing':
      return reading('missing', file, []);
    case 'http_error':
      return reading('error', file, [error(`/llms.txt answered HTTP ${file.status}`)]);
    case 'html':
      return reading('present', file, [
        error(`/llms.txt answers ${file.status} with an HTML page (probably a single-page-app fallback), not a Markdown file`),
      ]);
    case 'binary':
      return reading('present', file, [error(`/llms.txt is binary (${file.contentType || 'no content type'}), not a Markdown text file`)]);
    case 'empty':
      return reading('present', file, [error('/llms.txt is empty (start it with "# Site name")')]);
    case 'text': {
      const validation = validateLlmsTxt(file.text);
      const delivery: LlmsTxtProblem[] = [];
      if (!MARKDOWN_TYPES.has(file.contentType)) {
        const served = file.contentType ? `as ${file.contentType}` : 'without a Content-Type';
        delivery.push({ severity: 'warning', line: null, message: `served ${served} instead of text/plain or text/markdown` });
      }
      if (file.truncated) {
        delivery.push({ severity: 'warning', line: null, message: 'the file is larger than Citable reads, so only its start was checked' });
      }
      const problems = [...validation.problems, ...delivery].sort((a, b) => rank(a) - rank(b));
      return { status: 'present', file, validation, problems, valid: validation.valid };
    }
  }
}

function reading(status: LlmsTxtReading['status'], file: SiteFile, problems: LlmsTxtProblem[]): LlmsTxtReading {
  return { status, file, validation: null, problems, valid: false };
}

const rank = (p: LlmsTxtProblem) => (p.severity === 'error' ? 0 : 1);
