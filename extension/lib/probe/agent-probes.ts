/**
 * The edge probes from the extension: the page fetched again as each agent of the sample, with the agent's
 * published User-Agent and headers set by a declarativeNetRequest session rule. The rule matches only the
 * extension's own requests (`tabIds: [TAB_ID_NONE]`, the extension as initiator) to the audited host, exists while
 * one probe runs (probes go one at a time) and is removed after the last. Chrome and Firefox apply a modifyHeaders
 * rule only where the extension holds host permission for the URL (`declarativeNetRequestWithHostAccess`), so a page
 * the extension may not read is not probed: its agents stay `served: null`, never a guess (docs/extension.md).
 */
import { browser } from 'wxt/browser';
import { plannedProbes, probeMembers, type PlannedProbe } from '../../../shared/gather/agent-probes.js';
import { DEFAULT_LIMITS } from '../../../shared/gather/limits.js';
import type { ProbeAgent } from '../../../shared/gather/user-agents.js';
import type { FetchedResource } from '../../../shared/types/fetcher.js';
import type { Snapshot } from '../../../shared/types/snapshot.js';
import { rawFetch } from '../fetch/raw-fetch.js';
import { toFetchedResource } from '../fetch/to-resource.js';

/** The session rule id the probes use, one rule at a time. */
export const PROBE_RULE_ID = 41_017;
const PROBE_TIMEOUT_MS = 8_000;
const TAB_ID_NONE = -1;

interface ModifyHeadersRule {
  id: number;
  priority: number;
  action: { type: 'modifyHeaders'; requestHeaders: Array<{ header: string; operation: 'set'; value: string }> };
  condition: { requestDomains: string[]; tabIds: number[]; initiatorDomains: string[]; resourceTypes: string[] };
}

interface SessionRules {
  updateSessionRules(options: { removeRuleIds?: number[]; addRules?: ModifyHeadersRule[] }): Promise<void>;
}

/** The browser's declarativeNetRequest, when it has session rules (Chrome 101+, Firefox 128+). */
function sessionRules(): SessionRules | null {
  const api = (browser as unknown as { declarativeNetRequest?: Partial<SessionRules> }).declarativeNetRequest;
  return typeof api?.updateSessionRules === 'function' ? (api as SessionRules) : null;
}

/** The extension's own origin host, as a request's initiator names it (chrome-extension://ID, moz-extension://UUID). */
function extensionHost(): string {
  return new URL(browser.runtime.getURL('/')).hostname;
}

/** Gives the extension's own requests to `host` (and its subdomains) the agent's User-Agent and headers. */
export function probeRule(host: string, agent: ProbeAgent): ModifyHeadersRule {
  const headers = { ...agent.headers, 'user-agent': agent.userAgent };
  return {
    id: PROBE_RULE_ID,
    priority: 1,
    action: {
      type: 'modifyHeaders',
      requestHeaders: Object.entries(headers).map(([header, value]) => ({ header, operation: 'set', value })),
    },
    condition: {
      requestDomains: [host],
      tabIds: [TAB_ID_NONE],
      initiatorDomains: [extensionHost()],
      resourceTypes: ['xmlhttprequest', 'other'],
    },
  };
}

/**
 * The page at `url` as each agent of the sample, as snapshot members; nothing when the browser has no session
 * rules or the extension may not read the URL (then no rule could set the headers, and a probe would only be
 * the browser again).
 */
export async function probeAsAgents(
  url: string,
  mayRead: (url: string) => Promise<boolean>,
  signal?: AbortSignal,
): Promise<Partial<Snapshot>> {
  const rules = sessionRules();
  if (!rules || !(await mayRead(url).catch(() => false))) return {};
  const host = new URL(url).hostname;
  const answers: Array<PlannedProbe & { resource: FetchedResource }> = [];
  try {
    for (const probe of plannedProbes('sample')) {
      if (signal?.aborted) break;
      await rules.updateSessionRules({ removeRuleIds: [PROBE_RULE_ID], addRules: [probeRule(host, probe.agent)] });
      const maxBytes = Math.min(probe.agent.maxBytes ?? DEFAULT_LIMITS.pageBytes, DEFAULT_LIMITS.pageBytes);
      const raw = await rawFetch(
        { url, maxBytes, timeoutMs: PROBE_TIMEOUT_MS, headers: {}, base64: false, failureIsCrossOrigin: false },
        signal,
      );
      answers.push({ ...probe, resource: toFetchedResource(raw) });
    }
  } finally {
    await rules.updateSessionRules({ removeRuleIds: [PROBE_RULE_ID] }).catch(() => undefined);
  }
  return probeMembers(answers);
}
