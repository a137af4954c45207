import type { LlmsTxtSummary } from '../types/audit.js';
import type { JudgeContext } from '../judge/context.js';
import { readLlmsTxt } from './read.js';
import { formatProblem } from './types.js';

/** The audit's `llms_txt` member: `{status, valid, problems}` with problems as readable sentences. */
export function llmsTxtSummary(ctx: JudgeContext): LlmsTxtSummary {
  const reading = readLlmsTxt(ctx);
  return { status: reading.status, valid: reading.valid, problems: reading.problems.map(formatProblem) };
}
