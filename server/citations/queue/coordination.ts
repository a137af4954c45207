/**
 * What several server processes agree on through Redis, beside the BullMQ queue itself:
 *  - prompt leases: a check holds each of its prompts (SET NX with a time limit) so no other check, in
 *    any process, asks about the same prompt at the same time (it counts it in `skipped_prompts`);
 *  - the account's running manual check (POST /citations/checks returns it instead of a second one);
 *  - per-check progress: the pairs finished so far, so that exactly one worker records the end.
 * Keys live under `citable:citations:`; each has a time limit so a lost process cannot pin anything.
 */
import type { Redis } from 'ioredis';
import type { PromptLeases } from '../check/check-record.js';

export const COORDINATION_PREFIX = 'citable:citations:';

/** Deletes the key only while it still holds this value (a lease or mark another check took over stays). */
const RELEASE = `
  local released = 0
  for i, key in ipairs(KEYS) do
    if redis.call('GET', key) == ARGV[1] then
      redis.call('DEL', key)
      released = released + 1
    end
  end
  return released`;

/**
 * Marks one pair of a check finished. Returns the check's count of unsaved pairs when this call finished
 * the last pair (exactly one caller gets it), else -1. KEYS: done set, progress hash.
 */
const FINISH_PAIR = `
  redis.call('SADD', KEYS[1], ARGV[1])
  if ARGV[2] == '1' then redis.call('HINCRBY', KEYS[2], 'unsaved', 1) end
  local total = tonumber(redis.call('HGET', KEYS[2], 'total') or '-1')
  if total >= 0 and redis.call('SCARD', KEYS[1]) >= total and redis.call('HSETNX', KEYS[2], 'finished', '1') == 1 then
    return tonumber(redis.call('HGET', KEYS[2], 'unsaved') or '0')
  end
  return -1`;

type Scripted = Redis & {
  citableRelease(...args: Array<string | number>): Promise<number>;
  citableFinishPair(done: string, progress: string, pair: string, unsaved: string): Promise<number>;
};

export class Coordination implements PromptLeases {
  readonly #redis: Scripted;

  constructor(
    redis: Redis,
    private readonly ttlMs: number,
  ) {
    redis.defineCommand('citableRelease', { lua: RELEASE });
    redis.defineCommand('citableFinishPair', { numberOfKeys: 2, lua: FINISH_PAIR });
    this.#redis = redis as Scripted;
  }

  get redis(): Redis {
    return this.#redis;
  }

  /** The prompts this check now holds (the others are held by running checks). */
  async lease(promptIds: readonly string[], checkId: string): Promise<Set<string>> {
    const pipeline = this.#redis.pipeline();
    for (const id of promptIds) pipeline.set(leaseKey(id), checkId, 'PX', this.ttlMs, 'NX');
    const results = (await pipeline.exec()) ?? [];
    const held = new Set<string>();
    results.forEach(([error, reply], i) => {
      if (error) throw error;
      if (reply === 'OK') held.add(promptIds[i]!);
    });
    return held;
  }

  async release(promptIds: readonly string[], checkId: string): Promise<void> {
    if (promptIds.length === 0) return;
    const keys = promptIds.map(leaseKey);
    await this.#redis.citableRelease(keys.length, ...keys, checkId);
  }

  /** Claims the account's manual-check mark for this check id; on refusal, returns the id that holds it. */
  async claimManual(accountId: string, checkId: string): Promise<{ claimed: true } | { claimed: false; holder: string | null }> {
    if ((await this.#redis.set(manualKey(accountId), checkId, 'PX', this.ttlMs, 'NX')) === 'OK') return { claimed: true };
    return { claimed: false, holder: await this.#redis.get(manualKey(accountId)) };
  }

  /** The check id holding the account's manual-check mark, or null. */
  async manualHolder(accountId: string): Promise<string | null> {
    return this.#redis.get(manualKey(accountId));
  }

  async releaseManual(accountId: string, checkId: string): Promise<void> {
    await this.#redis.citableRelease(1, manualKey(accountId), checkId);
  }

  /** Records how many pairs a check has, before any of its jobs can finish. */
  async trackCheck(checkId: string, total: number): Promise<void> {
    await this.#redis
      .multi()
      .hset(progressKey(checkId), 'total', total)
      .pexpire(progressKey(checkId), this.ttlMs * 4)
      .exec();
  }

  async isTracked(checkId: string): Promise<boolean> {
    return (await this.#redis.exists(progressKey(checkId))) === 1;
  }

  /** See FINISH_PAIR: the unsaved count for the one caller that finished the check, else -1. */
  async finishPair(checkId: string, pair: string, unsaved: boolean): Promise<number> {
    const done = doneKey(checkId);
    const result = await this.#redis.citableFinishPair(done, progressKey(checkId), pair, unsaved ? '1' : '0');
    await this.#redis.pexpire(done, this.ttlMs * 4);
    return result;
  }

  /** A short exclusive section across processes (resuming orphaned checks at start). */
  async once(name: string, ttlMs: number): Promise<boolean> {
    return (await this.#redis.set(`${COORDINATION_PREFIX}once:${name}`, String(process.pid), 'PX', ttlMs, 'NX')) === 'OK';
  }
}

const leaseKey = (promptId: string) => `${COORDINATION_PREFIX}lease:${promptId}`;
const manualKey = (accountId: string) => `${COORDINATION_PREFIX}manual:${accountId}`;
const progressKey = (checkId: string) => `${COORDINATION_PREFIX}check:${checkId}:progress`;
const doneKey = (checkId: string) => `${COORDINATION_PREFIX}check:${checkId}:done`;
