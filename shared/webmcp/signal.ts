import type { JudgeContext } from '../judge/context.js';
import type { WebmcpSignal } from '../types/audit.js';
import { scriptCoverage } from './coverage.js';
import { capEvidence } from './evidence.js';
import { externalScriptEvidence } from './external-scripts.js';
import { headerEvidence } from './page/header-evidence.js';
import { htmlEvidence } from './page/html-evidence.js';
import { inlineScriptEvidence } from './page/inline-scripts.js';
import { mergeRuntimeWebmcp } from './runtime-merge.js';
import { decideSource, decideStatus } from './status.js';
import { LineLocator } from './text.js';

export { mergeRuntimeWebmcp } from './runtime-merge.js';

const MAX_EVIDENCE = 200;

/**
 * signals.webmcp (docs/api-decisions.md#webmcp-signal, docs/research/webmcp.md#static-detection): the static scan of headers, HTML, inline and
 * external scripts, then the extension's runtime probe when the snapshot has one.
 */
export function webmcpSignal(ctx: JudgeContext): WebmcpSignal {
  return ctx.memo('webmcp.signal', () => {
    const signal = staticWebmcpSignal(ctx);
    const probe = ctx.snapshot.runtimeWebmcp;
    return probe ? mergeRuntimeWebmcp(signal, probe, ctx.pageUrl.href) : signal;
  });
}

/** The server-side answer: what the fetched page and scripts show, without a browser. */
export function staticWebmcpSignal(ctx: JudgeContext): WebmcpSignal {
  const page = ctx.snapshot.page;
  const pageUrl = ctx.pageUrl.href;
  const html = page.binary ? '' : page.body;
  const locator = new LineLocator(html);
  const found = [
    ...headerEvidence(page.headers, pageUrl),
    ...htmlEvidence(ctx.facts, html, pageUrl, locator),
    ...inlineScriptEvidence(ctx.facts, html, pageUrl, locator),
    ...externalScriptEvidence(ctx.snapshot.scripts),
  ];
  const evidence = capEvidence(found, MAX_EVIDENCE);
  const coverage = scriptCoverage(ctx.snapshot.scripts);
  // A page we could not read in full (error, non-2xx, binary, cut at the cap) leaves the scan incomplete too.
  const complete = ctx.pageOk && !page.truncated && coverage.bundlesScanned === coverage.bundlesTotal;
  const status = decideStatus(evidence, complete);
  return { status, evidence, source: decideSource(status, evidence), ...coverage };
}
