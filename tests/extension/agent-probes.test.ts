import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PROBE_RULE_ID, probeAsAgents, probeRule } from '../../extension/lib/probe/agent-probes.js';
import { plannedProbes } from '../../shared/gather/agent-probes.js';
import { probedAgents } from '../../shared/crawlers/probe-selection.js';
import { probeAgent } from '../../shared/gather/user-agents.js';

type Rule = ReturnType<typeof probeRule>;

/** A session-rule store as the browser keeps it, recording every update. */
function sessionRules() {
  let rules: Rule[] = [];
  const updates: Array<{ removeRuleIds?: number[]; addRules?: Rule[] }> = [];
  const api = {
    updateSessionRules: vi.fn(async (u: { removeRuleIds?: number[]; addRules?: Rule[] }) => {
      updates.push(u);
      rules = rules.filter((r) => !u.removeRuleIds?.includes(r.id)).concat(u.addRules ?? []);
    }),
  };
  (fakeBrowser as unknown as { declarativeNetRequest?: unknown }).declarativeNetRequest = api;
  return { api, updates, current: () => rules };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (fakeBrowser as unknown as { declarativeNetRequest?: unknown }).declarativeNetRequest;
});

describe("the extension's agent probes", () => {
  it("scopes the rule to the extension's own requests to the audited host, and sets the agent's headers", () => {
    const rule = probeRule('shop.example', probeAgent('GPTBot')!);
    expect(rule.condition.tabIds).toEqual([-1]);
    expect(rule.condition.requestDomains).toEqual(['shop.example']);
    expect(rule.condition.initiatorDomains).toEqual([new URL(fakeBrowser.runtime.getURL('/')).hostname]);
    expect(rule.action.requestHeaders).toContainEqual({ header: 'user-agent', operation: 'set', value: probeAgent('GPTBot')!.userAgent });
  });

  it('fetches as each agent of the sample, one at a time under its own rule, and removes the rule after', async () => {
    const rules = sessionRules();
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // What the browser would send: the User-Agent of the one rule in place at this moment.
        const active = rules.current();
        expect(active).toHaveLength(1);
        seen.push(active[0]!.action.requestHeaders.find((h) => h.header === 'user-agent')!.value);
        return new Response('<html><body>Hello</body></html>', { status: 200, headers: { 'content-type': 'text/html' } });
      }),
    );
    const members = await probeAsAgents('https://shop.example/page', async () => true);
    expect(seen).toEqual(plannedProbes('sample').map((p) => p.agent.userAgent));
    expect(rules.current()).toEqual([]);
    expect(rules.updates.at(-1)).toEqual({ removeRuleIds: [PROBE_RULE_ID] });
    expect(members.pageAsSearchAgent?.status).toBe(200);
    expect([...Object.keys(members)].sort()).toEqual(
      ['agentProbes', 'pageAsSearchAgent', 'pageAsSecondUserAgent', 'pageAsTrainingAgent', 'pageAsUserAgent'].sort(),
    );
    expect(members.agentProbes?.length).toBe(probedAgents('sample').length - 4);
  });

  it('probes nothing where the extension may not read the page, or the browser has no session rules', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const rules = sessionRules();
    expect(await probeAsAgents('https://shop.example/page', async () => false)).toEqual({});
    expect(rules.updates).toEqual([]);
    delete (fakeBrowser as unknown as { declarativeNetRequest?: unknown }).declarativeNetRequest;
    expect(await probeAsAgents('https://shop.example/page', async () => true)).toEqual({});
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('removes the rule even when a probe fails', async () => {
    const rules = sessionRules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const members = await probeAsAgents('https://shop.example/page', async () => true);
    expect(members.pageAsUserAgent?.error?.code).toBe('network');
    expect(rules.current()).toEqual([]);
  });
});
