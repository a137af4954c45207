import type { Fetcher } from '../types/fetcher.js';
import type { Snapshot } from '../types/snapshot.js';
import type { Renderer } from '../types/renderer.js';
import { normalizeAuditUrl } from '../url/normalize.js';
import { gather, type GatherOptions } from '../gather/gather.js';
import { AuditFetchError, AuditInputError, describeFetchError } from './errors.js';
import { PendingRender } from './pending-render.js';

export interface GatherForAuditOptions extends Omit<GatherOptions, 'fetcher'> {
  fetcher: Fetcher;
  /** Adds what only the host can see (the extension's rendered DOM and runtime probe) before judging. */
  enrich?: (snapshot: Snapshot) => Promise<Snapshot> | Snapshot;
  /**
   * Renders the page in a browser (the server's `render`): started beside gathering, its DOM becomes
   * `snapshot.rendered`. A page that cannot be rendered fails the audit with AuditRenderError.
   */
  renderer?: Renderer;
}

/** Connection-level failures after which a bare host is retried over plain http. */
const RETRY_OVER_HTTP = new Set(['refused', 'tls', 'network']);

/**
 * The first half of an audit: check the URL, gather everything, fail clearly when the page itself could
 * not be fetched. Kept apart from judging so a host can load the judges while the network works (the CLI).
 * Throws AuditInputError or AuditFetchError when no audit is possible.
 */
export async function gatherForAudit(input: unknown, options: GatherForAuditOptions): Promise<Snapshot> {
  const normalized = normalizeAuditUrl(input);
  if (!normalized.ok) throw new AuditInputError(normalized.problem, normalized.message);

  const t0 = Date.now();
  const render = options.renderer ? new PendingRender(options.renderer, normalized.url, options.signal) : null;
  try {
    let snapshot = await gather(normalized.url, normalized.submitted, options);
    if (normalized.bareHost && snapshot.page.error && RETRY_OVER_HTTP.has(snapshot.page.error.code)) {
      const overHttp = normalized.url.replace(/^https:/, 'http:');
      const retry = await gather(overHttp, normalized.submitted, options);
      if (!retry.page.error) {
        snapshot = retry;
        render?.restart(overHttp);
      }
    }
    const pageError = snapshot.page.error;
    if (pageError) {
      throw new AuditFetchError(pageError.code, describeFetchError(pageError.code, normalized.submitted, pageError.message));
    }
    // Gathering ends when the rendered page is in too: the audit's duration counts the browser's time.
    if (render) snapshot = { ...snapshot, rendered: await render.result(), gatherMs: Math.max(snapshot.gatherMs, Date.now() - t0) };
    return options.enrich ? await options.enrich(snapshot) : snapshot;
  } finally {
    render?.stop();
  }
}
