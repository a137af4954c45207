import type { WebmcpSignal } from '../types/audit.js';
import type { JudgeContext } from '../judge/context.js';

/** signals.webmcp (contract section 2). (Stub: the WebMCP module replaces this.) */
export function webmcpSignal(_ctx: JudgeContext): WebmcpSignal {
  return { status: 'not_found', evidence: [], source: 'none', bundlesScanned: 0, bundlesTotal: 0 };
}
