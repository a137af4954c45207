/**
 * What one read line adds to the aggregate: inside the window and the site, an agent's hit (with its address
 * verified against its operator's ranges), an unlisted bot, or a person's visit from an answer engine. Combined
 * lines come as byte offsets (nothing is decoded unless it is kept); the text formats as records.
 */
import { AgentMatcher, OTHER_BOT } from '../agents/agent-matcher.js';
import { LOG_AGENTS, type LogAgent } from '../agents/log-agents.js';
import { TrafficAggregate, type DayCounts } from '../aggregate/traffic-aggregate.js';
import { parseIPv4Bytes } from '../ip/ip-address.js';
import { byteIn, fieldText, type CombinedFields } from '../parse/combined.js';
import type { LogRecord } from '../parse/log-record.js';
import { utcDate } from '../parse/log-time.js';
import { RANGES_SNAPSHOT, type SnapshotSource } from '../ranges/ranges-snapshot.js';
import { Verifier } from '../ranges/verifier.js';
import { ANSWER_ENGINES, engineOfQuery, engineOfReferer } from '../referrals/engines.js';
import { engineOfRefererBytes } from './referer-bytes.js';
import { UaCache } from './ua-cache.js';

const DAY_MS = 86_400_000;
/** Paths are kept up to this many characters (longer ones are cut: they are almost always junk). */
const MAX_PATH = 1024;

export interface CountOptions {
  /** Only lines for this host (lower case) count, when the format logs the host. */
  site: string | null;
  /** The window (ms, inclusive); NaN when open. */
  since: number;
  until: number;
  agents?: readonly LogAgent[];
  ranges?: readonly SnapshotSource[];
}

/** The page of a request target: the path without query or fragment (absolute-form targets lose their origin). */
export function pageOf(target: string): string {
  let t = target;
  if (t.startsWith('http://') || t.startsWith('https://')) {
    const slash = t.indexOf('/', t.indexOf('//') + 2);
    t = slash < 0 ? '/' : t.slice(slash);
  }
  let cut = t.length;
  const q = t.indexOf('?');
  if (q >= 0) cut = q;
  const h = t.indexOf('#');
  if (h >= 0 && h < cut) cut = h;
  const page = t.slice(0, Math.min(cut, MAX_PATH));
  return page || '/';
}

export class LineCounter {
  /** Where counts go; `swapAggregate` hands it over and starts a new one (per committed chunk of an upload). */
  aggregate: TrafficAggregate = new TrafficAggregate();
  readonly agents: readonly LogAgent[];
  private readonly matcher: AgentMatcher;
  private readonly uaCache: UaCache;
  private readonly verifier: Verifier;
  private readonly site: string | null;
  private readonly since: number;
  private readonly until: number;
  private dayStart = NaN;
  private dayCounts: DayCounts | null = null;

  constructor(options: CountOptions) {
    this.agents = options.agents ?? LOG_AGENTS;
    this.matcher = new AgentMatcher(this.agents);
    this.uaCache = new UaCache(this.matcher);
    this.verifier = new Verifier(this.agents, options.ranges ?? RANGES_SNAPSHOT.sources);
    this.site = options.site;
    this.since = options.since;
    this.until = options.until;
  }

  /** Starts counting into `next` and returns the aggregate counted so far. */
  swapAggregate(next: TrafficAggregate): TrafficAggregate {
    const done = this.aggregate;
    this.aggregate = next;
    this.dayCounts = null;
    this.dayStart = NaN;
    return done;
  }

  /** Whether a line at this time, for this host, counts; a line that does not is skipped. */
  private admit(time: number, host: string | null): boolean {
    const outside = time < this.since || time > this.until || (this.site !== null && host !== null && !sameSite(host, this.site));
    if (outside) {
      this.aggregate.skipped++;
      return false;
    }
    this.aggregate.counted(time);
    return true;
  }

  private day(time: number): DayCounts {
    if (this.dayCounts && time >= this.dayStart && time < this.dayStart + DAY_MS) return this.dayCounts;
    this.dayStart = Math.floor(time / DAY_MS) * DAY_MS;
    this.dayCounts = this.aggregate.day(utcDate(time));
    return this.dayCounts;
  }

  /** A combined or common line read by parseCombined. */
  countBytes(b: Uint8Array, f: CombinedFields): void {
    if (!this.admit(f.time, null)) return;
    const agent = f.agentStart < 0 ? -1 : this.uaCache.classify(b, f.agentStart, f.agentEnd);
    if (agent >= 0) {
      const ipv4 = parseIPv4Bytes(b, f.ipStart, f.ipEnd);
      const verification = ipv4 >= 0 ? this.verifier.verifyV4(agent, ipv4) : this.verifier.verify(agent, fieldText(b, f.ipStart, f.ipEnd));
      this.hit(agent, pageOfBytes(b, f), f.status, f.time, verification);
      return;
    }
    if (agent === OTHER_BOT) return this.aggregate.otherBot(this.uaCache.lastText);
    if (f.methodEnd - f.methodStart !== 3 || b[f.methodStart] !== 71 || b[f.methodStart + 1] !== 69) return; // GET only
    let engine = f.refererStart < 0 ? -1 : engineOfRefererBytes(b, f.refererStart, f.refererEnd);
    if (engine < 0 && f.targetStart >= 0) {
      const q = byteIn(b, 63, f.targetStart, f.targetEnd);
      if (q >= 0) engine = engineOfQuery(fieldText(b, q, f.targetEnd));
    }
    if (engine >= 0) this.aggregate.referral(ANSWER_ENGINES[engine]!.engine, pageOfBytes(b, f), this.day(f.time));
  }

  /** A line of a text format. */
  countRecord(r: LogRecord): void {
    if (!this.admit(r.time, r.host)) return;
    const agent = r.userAgent ? this.matcher.match(r.userAgent) : -1;
    if (agent >= 0) {
      this.hit(agent, pageOf(r.target), r.status, r.time, this.verifier.verify(agent, r.ip));
      return;
    }
    if (agent === OTHER_BOT) return this.aggregate.otherBot(r.userAgent);
    if (r.method.toUpperCase() !== 'GET') return;
    let engine = r.referer ? engineOfReferer(r.referer) : -1;
    const q = r.target.indexOf('?');
    if (engine < 0 && q >= 0) engine = engineOfQuery(r.target.slice(q));
    if (engine >= 0) this.aggregate.referral(ANSWER_ENGINES[engine]!.engine, pageOf(r.target), this.day(r.time));
  }

  private hit(agent: number, page: string, status: number, time: number, verification: 'verified' | 'spoofed' | 'unverified'): void {
    const a = this.agents[agent]!;
    const counts = this.aggregate.agent(a.agent, a.operator, a.purpose);
    this.aggregate.hit(counts, page, status, time, verification, this.day(time));
  }
}

/** The page of a combined line's request target, decoded only up to its query. */
function pageOfBytes(b: Uint8Array, f: CombinedFields): string {
  if (f.targetStart < 0) return '';
  let end = f.targetEnd;
  const q = byteIn(b, 63, f.targetStart, end);
  if (q >= 0) end = q;
  return pageOf(fieldText(b, f.targetStart, end));
}

/** `example.com` is the site of `example.com` and `www.example.com` (and the other way round). */
export function sameSite(host: string, site: string): boolean {
  return host === site || host === `www.${site}` || site === `www.${host}`;
}
