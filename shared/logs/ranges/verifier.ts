/**
 * Verified or spoofed: whether a hit's address lies inside the ranges its agent's operator publishes. An agent
 * whose ranges are known answers `verified` inside them and `spoofed` outside; an agent without published ranges
 * (or whose file the snapshot lacks) answers `unverified`. IPv4 answers are remembered per agent (a crawler comes
 * back from the same few addresses), with a bound so memory stays flat on any input.
 */
import type { LogAgent } from '../agents/log-agents.js';
import { parseIp } from '../ip/ip-address.js';
import { RangeSet } from '../ip/range-set.js';
import type { Verification } from '../types.js';
import type { SnapshotSource } from './ranges-snapshot.js';

const CACHE_LIMIT = 50_000;

export class Verifier {
  private readonly sets: (RangeSet | null)[];
  private readonly cache = new Map<number, Verification>();

  constructor(agents: readonly LogAgent[], sources: readonly SnapshotSource[]) {
    const byId = new Map(sources.map((s) => [s.id, s.prefixes]));
    this.sets = agents.map((agent) => {
      const prefixes = agent.ranges.flatMap((id) => byId.get(id) ?? []);
      const set = new RangeSet(prefixes);
      return set.size > 0 ? set : null;
    });
  }

  /** Whether the agent's operator publishes ranges this verifier knows. */
  knows(agent: number): boolean {
    return this.sets[agent] !== null;
  }

  /** An IPv4 address already read as a number (-1 when the text was not IPv4: use `verify`). */
  verifyV4(agent: number, ipv4: number): Verification {
    const set = this.sets[agent];
    if (!set) return 'unverified';
    const key = ipv4 * 1024 + agent; // exact: below 2^42, and the table has far fewer than 1,024 agents
    const known = this.cache.get(key);
    if (known) return known;
    const answer: Verification = set.hasV4(ipv4) ? 'verified' : 'spoofed';
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, answer);
    return answer;
  }

  /** Any address as logged: IPv4, IPv6 or IPv4-mapped IPv6. Something that is no address is `spoofed` when ranges are known. */
  verify(agent: number, ip: string): Verification {
    const set = this.sets[agent];
    if (!set) return 'unverified';
    const parsed = parseIp(ip);
    if (!parsed) return 'spoofed';
    return parsed.v === 4 ? this.verifyV4(agent, parsed.n) : set.hasV6(parsed.n) ? 'verified' : 'spoofed';
  }
}
