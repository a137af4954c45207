import type { Snapshot } from '../types/snapshot.js';
import type { FetchedResource } from '../types/fetcher.js';
import { probedAgents, type AgentSelection } from '../crawlers/probe-selection.js';
import { SEARCH_AGENT, SECOND_USER_AGENT, TRAINING_AGENT, USER_AGENT_AGENT, probeAgent, type ProbeAgent } from './user-agents.js';

/**
 * What a probe reads of the page beyond the first two: enough for a challenge page, an error page or a 402 (their
 * status and headers are what is judged) and for comparing its text with the browser's copy cut at the same length,
 * without holding many more copies of a 5 MB page in memory.
 */
export const EXTRA_PROBE_BYTES = 256 * 1024;

/**
 * The first AI agents the page is fetched as, each kept in its own snapshot member (the agent web checks read
 * them by name). Every other agent probed is in `snapshot.agentProbes` (probedPages walks both). A browser
 * extension sends these user agents only through its declarativeNetRequest rules (extension/lib/probe/).
 */
export const AGENT_PROBES = {
  pageAsSearchAgent: SEARCH_AGENT,
  pageAsUserAgent: USER_AGENT_AGENT,
  pageAsTrainingAgent: { ...TRAINING_AGENT, maxBytes: EXTRA_PROBE_BYTES },
  pageAsSecondUserAgent: { ...SECOND_USER_AGENT, maxBytes: EXTRA_PROBE_BYTES },
} as const satisfies Partial<Record<keyof Snapshot, ProbeAgent & { maxBytes?: number }>>;

export type AgentProbeMember = keyof typeof AGENT_PROBES;

const MEMBER_TOKENS: ReadonlySet<string> = new Set(Object.values(AGENT_PROBES).map((p) => p.token.toLowerCase()));

/** The agents of `selection` beyond the named members, each with the bytes it reads. */
export function furtherProbes(selection: AgentSelection): Array<ProbeAgent & { maxBytes: number }> {
  const out: Array<ProbeAgent & { maxBytes: number }> = [];
  for (const token of probedAgents(selection)) {
    const agent = MEMBER_TOKENS.has(token.toLowerCase()) ? null : probeAgent(token);
    if (agent) out.push({ ...agent, maxBytes: EXTRA_PROBE_BYTES });
  }
  return out;
}

/** The probes a snapshot holds, the named members first, with the agent each was fetched as. */
export function probedPages(snapshot: Snapshot): Array<{ agent: ProbeAgent; resource: FetchedResource }> {
  const out: Array<{ agent: ProbeAgent; resource: FetchedResource }> = [];
  for (const member of Object.keys(AGENT_PROBES) as AgentProbeMember[]) {
    const resource = snapshot[member];
    if (resource) out.push({ agent: AGENT_PROBES[member], resource });
  }
  for (const probe of snapshot.agentProbes ?? []) {
    const agent = probeAgent(probe.agent);
    if (agent) out.push({ agent, resource: probe.resource });
  }
  return out;
}

/** One probe of a selection: the snapshot member it fills (null: one of `agentProbes`) and the agent. */
export interface PlannedProbe {
  member: AgentProbeMember | null;
  agent: ProbeAgent & { maxBytes?: number };
}

/** Every probe of `selection`, the named members first: for hosts that fetch the probes themselves (the extension). */
export function plannedProbes(selection: AgentSelection): PlannedProbe[] {
  const named = (Object.keys(AGENT_PROBES) as AgentProbeMember[]).map((member) => ({ member, agent: AGENT_PROBES[member] }));
  return [...named, ...furtherProbes(selection).map((agent) => ({ member: null, agent }))];
}

/** The snapshot members holding the answers to planned probes. */
export function probeMembers(answers: ReadonlyArray<PlannedProbe & { resource: FetchedResource }>): Partial<Snapshot> {
  const out: Partial<Snapshot> = {};
  const further = answers.filter((a) => a.member === null).map((a) => ({ agent: a.agent.token, resource: a.resource }));
  for (const a of answers) if (a.member) out[a.member] = a.resource;
  if (further.length) out.agentProbes = further;
  return out;
}
