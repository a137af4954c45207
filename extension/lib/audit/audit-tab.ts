import { browser } from 'wxt/browser';
import type { Audit, RuntimeWebmcpProbe } from '../../../shared/types/audit.js';
import type { RenderedPage } from '../../../shared/types/snapshot.js';
import { runAudit } from '../../../shared/audit/run-audit.js';
import { auditability } from '../restricted-url.js';
import { createBrowserFetcher } from '../fetch/browser-fetcher.js';
import { rawFetch, type RawFetchArgs, type RawFetchResult } from '../fetch/raw-fetch.js';
import { captureRenderedPage } from '../probe/rendered-page.js';
import { probeWebmcp, RECORDER_KEY } from '../probe/runtime-probe.js';
import { hostAccess } from './host-access.js';

/** The page cannot be audited at all (browser pages, stores, files): said plainly, not as a failure. */
export class RestrictedPageError extends Error {
  override name = 'RestrictedPageError';
}

const PROBE_TIMEOUT_MS = 2_000;

/**
 * Audit one tab with the shared engine: the raw server HTML and site files are fetched (what AI
 * crawlers get), while the tab supplies the rendered DOM and the runtime WebMCP probe.
 */
export async function auditTab(tabId: number, fetchVia?: 'tab' | 'extension'): Promise<Audit> {
  const tab = await browser.tabs.get(tabId);
  // Without the "tabs" permission the URL is hidden on pages we may not script: then the injection says.
  const known = tab.url || tab.pendingUrl;
  if (known) assertAuditable(known);

  const rendered = inject(tabId, 'ISOLATED', captureRenderedPage, []);
  const probe = inject(tabId, 'MAIN', probeWebmcp, [PROBE_TIMEOUT_MS, RECORDER_KEY]);
  probe.catch(() => undefined); // read in enrich; if the page cannot be read at all, nobody waits for it
  const page = await rendered; // fails fast on pages we cannot script
  assertAuditable(page.url);
  const pageUrl = known && sameDocument(known, page.url) ? known : page.url;

  const access = hostAccess();
  const fetcher = createBrowserFetcher({
    tabOrigin: new URL(page.url).origin,
    extensionMayRead: access.mayRead,
    inTab: (args: RawFetchArgs) => inject(tabId, 'ISOLATED', rawFetch, [args]) as Promise<RawFetchResult>,
    ...(fetchVia ? { route: fetchVia } : {}),
  });
  return runAudit(pageUrl, {
    fetcher,
    origin: 'extension',
    agentFetches: false, // a browser cannot send AI user agents; robots verdicts still fill the crawler table
    id: crypto.randomUUID(),
    // Recorded in audit.rule_errors either way; logged here for whoever opens the background console.
    onRuleError: (rule, error) => console.error(`Citable: rule ${rule.id} threw`, error),
    enrich: async (snapshot) => {
      const runtimeWebmcp: RuntimeWebmcpProbe = await probe.catch((err: unknown) => probeFailed(err));
      const renderedPage: RenderedPage = page;
      return { ...snapshot, rendered: renderedPage, runtimeWebmcp };
    },
  });
}

function assertAuditable(url: string): void {
  const verdict = auditability(url);
  if (!verdict.ok) throw new RestrictedPageError(verdict.reason);
}

function sameDocument(a: string, b: string): boolean {
  return a.split('#')[0] === b.split('#')[0];
}

/** A probe that could not run still says so: never read as "no tools". */
function probeFailed(err: unknown): RuntimeWebmcpProbe {
  return {
    apiAvailable: false,
    tools: [],
    checkedAt: new Date().toISOString(),
    surface: 'none',
    errors: [`probe did not run: ${err instanceof Error ? err.message : String(err)}`],
  };
}

type World = 'MAIN' | 'ISOLATED';

async function inject<A extends unknown[], R>(tabId: number, world: World, func: (...args: A) => R, args: A): Promise<Awaited<R>> {
  let results;
  try {
    results = await browser.scripting.executeScript({ target: { tabId }, world, func, args } as Parameters<typeof browser.scripting.executeScript>[0]);
  } catch (err) {
    throw toInjectionError(err);
  }
  const first = results?.[0] as { result?: unknown; error?: unknown } | undefined;
  if (!first || first.error !== undefined) throw new Error(`The page script failed: ${String(first?.error ?? 'no result')}`);
  return first.result as Awaited<R>;
}

/** Chrome says "Cannot access contents of url ..." / "Cannot access a chrome:// URL" for pages it protects. */
function toInjectionError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (/cannot access|cannot be scripted|extensions gallery|missing host permission|chrome:\/\//i.test(message)) {
    return new RestrictedPageError(
      'This page cannot be audited: the browser does not let extensions read it (browser pages, extension stores, local files). Open a website and try again.',
    );
  }
  return new Error(`Could not read the page: ${message}`);
}
