import type { LlmsTxtSummary } from '../types/audit.js';
import type { JudgeContext } from '../judge/context.js';

/** The audit's `llms_txt` member. (Stub: the llms.txt module replaces this.) */
export function llmsTxtSummary(_ctx: JudgeContext): LlmsTxtSummary {
  return { status: 'missing', valid: false, problems: [] };
}
