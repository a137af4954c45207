/**
 * A TrafficAggregate that keeps one aggregate per UTC day instead of window totals: what the server stores as
 * daily rollups. LineCounter counts into it unchanged; hits, referrals and counted lines go to the day of their
 * time, while lines, skipped lines and problems stay on this object (they belong to the input, not to a day).
 */
import { utcDate } from '../parse/log-time.js';
import type { TrafficPurpose, Verification } from '../types.js';
import { TrafficAggregate, type AgentCounts, type DayCounts } from './traffic-aggregate.js';

const DAY_MS = 86_400_000;

export class DailyAggregates extends TrafficAggregate {
  /** The aggregate of each day (`YYYY-MM-DD`) that had a counted line. */
  readonly byDay = new Map<string, TrafficAggregate>();
  readonly #names = new Map<AgentCounts, string>();
  readonly #dates = new Map<DayCounts, string>();
  #start = NaN;
  #current: TrafficAggregate | null = null;

  #dayOf(time: number): TrafficAggregate {
    if (this.#current && time >= this.#start && time < this.#start + DAY_MS) return this.#current;
    this.#start = Math.floor(time / DAY_MS) * DAY_MS;
    this.#current = this.#forDate(utcDate(time));
    return this.#current;
  }

  #forDate(date: string): TrafficAggregate {
    let a = this.byDay.get(date);
    if (!a) {
      a = new TrafficAggregate();
      this.byDay.set(date, a);
    }
    return a;
  }

  override counted(time: number): void {
    super.counted(time);
    this.#dayOf(time).counted(time);
  }

  override agent(name: string, operator: string, purpose: TrafficPurpose): AgentCounts {
    const a = super.agent(name, operator, purpose);
    if (!this.#names.has(a)) this.#names.set(a, name);
    return a;
  }

  override day(date: string): DayCounts {
    const d = super.day(date);
    if (!this.#dates.has(d)) this.#dates.set(d, date);
    return d;
  }

  override hit(a: AgentCounts, path: string, status: number, time: number, verification: Verification, day: DayCounts): void {
    const date = this.#dates.get(day) ?? utcDate(time);
    const target = this.#forDate(date);
    target.hit(target.agent(this.#names.get(a) ?? '', a.operator, a.purpose), path, status, time, verification, target.day(date));
  }

  override referral(engine: string, landing: string, day: DayCounts): void {
    const date = this.#dates.get(day);
    if (date === undefined) return;
    const target = this.#forDate(date);
    target.referral(engine, landing, target.day(date));
  }
}
