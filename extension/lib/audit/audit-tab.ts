import { browser } from 'wxt/browser';
import type { Audit, RuntimeWebmcpProbe } from '../../../shared/types/audit.js';
import type { RenderedPage, Snapshot } from '../../../shared/types/snapshot.js';
import { runAudit } from '../../../shared/audit/run-audit.js';
import { auditability } from '../restricted-url.js';
import { createBrowserFetcher } from '../fetch/browser-fetcher.js';
import { rawFetch, type RawFetchArgs, type RawFetchResult } from '../fetch/raw-fetch.js';
import { captureRenderedPage } from '../probe/rendered-page.js';
import { probeAsAgents } from '../probe/agent-probes.js';
import { probeWebmcp, RECORDER_KEY } from '../probe/runtime-probe.js';
import { hostAccess } from './host-access.js';
import { auditNotes, type AuditNotes } from './audit-notes.js';
import { describeInjectionError, RestrictedPageError } from './injection-errors.js';
import type { ProgressTracker } from './progress.js';
import { t } from '../i18n/t.js';

export { RestrictedPageError } from './injection-errors.js';

const PROBE_TIMEOUT_MS = 2_000;

export interface TabAudit {
  audit: Audit;
  notes: AuditNotes;
}

/**
 * Audit one tab with the shared engine: the raw server HTML and site files are fetched (what AI
 * crawlers get), while the tab supplies the rendered DOM and the runtime WebMCP probe. The fetches
 * start at once, beside the tab's own loading: a slow page is waited for once, not three times.
 */
export async function auditTab(
  tabId: number,
  fetchVia?: 'tab' | 'extension',
  progress?: ProgressTracker,
  cancel?: AbortSignal,
): Promise<TabAudit> {
  const tab = await browser.tabs.get(tabId);
  // Without host access the URL is hidden on pages we may not script: then the injection says why.
  const known = tab.url || tab.pendingUrl;
  if (known) assertAuditable(known);

  const renderedStep = progress?.start(t('stepTab'), 'page');
  const rendered = inject(tabId, 'ISOLATED', captureRenderedPage, []).finally(() => renderedStep?.());
  const probeStep = progress?.start(t('stepWebmcp'), 'crawlers');
  const probe = inject(tabId, 'MAIN', probeWebmcp, [PROBE_TIMEOUT_MS, RECORDER_KEY]).finally(() => probeStep?.());
  probe.catch(() => undefined); // read in enrich; if the page cannot be read at all, nobody waits for it
  rendered.catch(() => undefined);

  // The URL is known as soon as the user clicked (activeTab): fetch now. Otherwise the page's answer says it.
  const pageUrl = known && /^https?:/i.test(known) ? known : (await rendered).url;
  assertAuditable(pageUrl);
  const tabOrigin = new URL(pageUrl).origin;

  // A page we cannot script (an error page, no access) ends the audit: its fetches are cancelled. So does Cancel.
  const stop = new AbortController();
  const cancelled = whenCancelled(cancel, stop);
  const failedTab = whenTabFails(rendered, stop);

  let notes: AuditNotes = { unread: [], accessOrigins: [], skippedScripts: [] };
  const access = hostAccess();
  const fetcher = createBrowserFetcher({
    tabOrigin,
    extensionMayRead: access.mayRead,
    inTab: (args: RawFetchArgs) => inject(tabId, 'ISOLATED', rawFetch, [args], true) as Promise<RawFetchResult>,
    ...(fetchVia ? { route: fetchVia } : {}),
    ...(progress ? { onFetch: progress.fetchStarted } : {}),
  });
  const audit = runAudit(pageUrl, {
    fetcher,
    origin: 'extension',
    agentFetches: false, // the agent probes run below, one at a time, each with its declarativeNetRequest rule
    id: crypto.randomUUID(),
    signal: stop.signal,
    // Recorded in audit.rule_errors either way; logged here for whoever opens the background console.
    onRuleError: (rule, error) => console.error(`Citable: rule ${rule.id} threw`, error),
    enrich: async (snapshot: Snapshot) => {
      const page = await rendered;
      const runtimeWebmcp: RuntimeWebmcpProbe = await probe.catch((err: unknown) => probeFailed(err));
      const renderedPage: RenderedPage = page;
      const agentsStep = progress?.start(t('stepAgents'), 'crawlers');
      const agents = await probeAsAgents(snapshot.page.finalUrl, access.mayRead, stop.signal).finally(() => agentsStep?.());
      notes = auditNotes(snapshot, tabOrigin);
      progress?.start(t('stepJudging'), 'judging'); // ends with the answer
      return { ...snapshot, ...agents, rendered: renderedPage, runtimeWebmcp };
    },
  });
  for (const p of [audit, failedTab, cancelled]) p.catch(() => undefined); // all are awaited through the race below
  const result = await Promise.race([audit, failedTab, cancelled]);
  if (notes.accessOrigins.length) {
    notes.accessHeld = await browser.permissions.contains({ origins: notes.accessOrigins }).catch(() => false);
  }
  return { audit: result, notes };
}

/** The user pressed Cancel: the audit's fetches are aborted and the audit answers at once, not when they end. */
export class AuditCancelledError extends Error {
  override name = 'AuditCancelledError';
}

/** Never settles while the tab can be read; rejects (aborting the fetches) when it cannot. */
function whenTabFails(rendered: Promise<unknown>, stop: AbortController): Promise<never> {
  return rendered.then(
    () => new Promise<never>(() => undefined),
    (err: unknown) => {
      stop.abort();
      throw err;
    },
  );
}

function whenCancelled(cancel: AbortSignal | undefined, stop: AbortController): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    const abort = () => {
      stop.abort();
      reject(new AuditCancelledError('cancelled'));
    };
    if (cancel?.aborted) abort();
    else cancel?.addEventListener('abort', abort, { once: true });
  });
}

function assertAuditable(url: string): void {
  const verdict = auditability(url);
  if (!verdict.ok) throw new RestrictedPageError(verdict.reason);
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

/**
 * Runs a self-contained function in the tab. `immediately` skips waiting for the page to finish
 * loading (the fetches need nothing from the page; the DOM capture and the probe do).
 */
async function inject<A extends unknown[], R>(
  tabId: number,
  world: World,
  func: (...args: A) => R,
  args: A,
  immediately = false,
): Promise<Awaited<R>> {
  let results;
  try {
    const details = { target: { tabId }, world, func, args, ...(immediately ? { injectImmediately: true } : {}) };
    results = await browser.scripting.executeScript(details as Parameters<typeof browser.scripting.executeScript>[0]);
  } catch (err) {
    throw describeInjectionError(err);
  }
  const first = results?.[0] as { result?: unknown; error?: unknown } | undefined;
  if (!first || first.error !== undefined) throw new Error(t('pageScriptFailed', String(first?.error ?? 'no result')));
  return first.result as Awaited<R>;
}
