import type { JudgeContext } from '../judge/context.js';
import { classifySiteFile, type SiteFile } from './site-file.js';

/**
 * /llms-full.txt: not in the llmstxt.org spec, but a common convention (Mintlify, Anthropic,
 * Cloudflare, Vercel): the whole documentation as one Markdown file. It only has to be Markdown text.
 */
export interface LlmsFullTxtReading {
  file: SiteFile;
  /** True when the server answered 2xx with non-empty text that is not an HTML page. */
  usable: boolean;
}

export function readLlmsFullTxt(ctx: JudgeContext): LlmsFullTxtReading {
  return ctx.memo('llms-txt:full', () => {
    const file = classifySiteFile(ctx.snapshot.llmsFullTxt);
    return { file, usable: file.kind === 'text' };
  });
}
