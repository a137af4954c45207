import type { LlmsTxtSummary } from '../types/audit.js';
import type { JudgeContext } from '../judge/context.js';
import { readLlmsTxt } from './read.js';
import { formatProblem } from './types.js';

/**
 * The audit's `llms_txt` member: `{status, valid, problems}` with problems as readable sentences, and `url` when
 * the file judged is the one the page names with rel="describedby" rather than /llms.txt.
 */
export function llmsTxtSummary(ctx: JudgeContext): LlmsTxtSummary {
  const reading = readLlmsTxt(ctx);
  const summary: LlmsTxtSummary = { status: reading.status, valid: reading.valid, problems: reading.problems.map(formatProblem) };
  return reading.describedUrl ? { ...summary, url: reading.describedUrl } : summary;
}
