import type { Snapshot } from '../types/snapshot.js';
import { SEARCH_AGENT, SECOND_USER_AGENT, TRAINING_AGENT, USER_AGENT_AGENT, type ProbeAgent } from './user-agents.js';

/**
 * What the probes added for the agent web read of the page: enough for a challenge page, an error page or a 402
 * (their status and headers are what is judged), without holding two more copies of a 5 MB page in memory.
 */
export const EXTRA_PROBE_BYTES = 256 * 1024;

/**
 * The AI agents the page is fetched as, keyed by the snapshot member that holds the answer. Adding one is a
 * row here and a member in Snapshot; everything that reads the probes (access summary, crawler table,
 * X-Robots-Tag sent to agents) walks this table. A browser extension cannot send these user agents.
 */
export const AGENT_PROBES = {
  pageAsSearchAgent: SEARCH_AGENT,
  pageAsUserAgent: USER_AGENT_AGENT,
  pageAsTrainingAgent: { ...TRAINING_AGENT, maxBytes: EXTRA_PROBE_BYTES },
  pageAsSecondUserAgent: { ...SECOND_USER_AGENT, maxBytes: EXTRA_PROBE_BYTES },
} as const satisfies Partial<Record<keyof Snapshot, ProbeAgent & { maxBytes?: number }>>;

export type AgentProbeMember = keyof typeof AGENT_PROBES;

/** The probes a snapshot holds, in table order, with the agent each was fetched as. */
export function probedPages(snapshot: Snapshot): Array<{ agent: ProbeAgent; resource: NonNullable<Snapshot[AgentProbeMember]> }> {
  const out: Array<{ agent: ProbeAgent; resource: NonNullable<Snapshot[AgentProbeMember]> }> = [];
  for (const member of Object.keys(AGENT_PROBES) as AgentProbeMember[]) {
    const resource = snapshot[member];
    if (resource) out.push({ agent: AGENT_PROBES[member], resource });
  }
  return out;
}
