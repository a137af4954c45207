import type { JudgeContext } from '../judge/context.js';

/** Display name of the site builder, or `Unknown`. (Stub: the builder module replaces this.) */
export function detectBuilder(_ctx: JudgeContext): string {
  return 'Unknown';
}
