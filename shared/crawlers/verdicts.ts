import type { CrawlerVerdict } from '../types/audit.js';
import type { JudgeContext } from '../judge/context.js';

/** One entry per AI agent checked (contract section 1). (Stub: the crawler-access module replaces this.) */
export function crawlerVerdicts(_ctx: JudgeContext): CrawlerVerdict[] {
  return [];
}
