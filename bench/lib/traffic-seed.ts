/**
 * A year of a project's AI crawler traffic for bench/traffic-api.bench.ts, written through a store's own
 * TrafficStore.commitChunk (one chunk per CHUNK_DAYS days, as an upload's chunks would add them): AGENTS agents of every purpose,
 * each fetching HITS_PER_AGENT pages a day out of PATHS (a few popular, most rare), some from outside their
 * operators' ranges, and people arriving from answer engines. The same seed gives the same year.
 */
import { generateApiKey } from '../../server/auth/api-key.js';
import type { Store } from '../../server/store/contracts/store.js';
import type { StoredIngest } from '../../server/store/contracts/traffic.js';
import { chunkParts } from '../../server/traffic/chunk-parts.js';
import { DailyAggregates } from '../../shared/logs/aggregate/daily-aggregates.js';
import { TRAFFIC_PURPOSES } from '../../shared/logs/types.js';
import { rng } from './log-synth.js';

export const TRAFFIC_PROJECT = 'prj_BenchTraffic0001';
export const INGEST_PROJECT = 'prj_BenchIngest00001';
/** Days per committed chunk: an upload's chunk holds a few days of log; one a day made seeding PostgreSQL take minutes. */
const CHUNK_DAYS = 30;
const ENGINES = ['ChatGPT', 'Perplexity', 'Gemini', 'Copilot', 'Claude', 'DeepSeek'];

export interface YearShape {
  days: number;
  agents: number;
  paths: number;
  hitsPerAgent: number;
  lastDay: string;
}

const project = (id: string, accountId: string, at: string) => ({
  id,
  account_id: accountId,
  name: id,
  domain: 'acme.example',
  aliases: [],
  brand: { name: 'Acme', aliases: [], case_sensitive: [] },
  competitors: [],
  created_at: at,
  updated_at: at,
});

/** An account with a key and the two bench projects; answers the key. */
export async function seedAccount(store: Store): Promise<string> {
  const at = new Date().toISOString();
  const account = await store.createAccount({ name: 'Bench', plan: 'agency' });
  const key = generateApiKey();
  await store.createKey({ account_id: account.id, name: 'bench', prefix: key.prefix, hash: key.hash });
  const projects = await store.projects();
  for (const id of [TRAFFIC_PROJECT, INGEST_PROJECT]) await projects.create(project(id, account.id, at), 100);
  return key.key;
}

/** The day `i` of the year (0 first) as a date. */
export const dayOfYear = (shape: YearShape, i: number) =>
  new Date(Date.parse(`${shape.lastDay}T00:00:00Z`) - (shape.days - 1 - i) * 86_400_000).toISOString().slice(0, 10);

/** Writes the year into the store; answers the milliseconds it took. */
export async function seedYear(store: Store, accountId: string, shape: YearShape): Promise<number> {
  const t0 = performance.now();
  const traffic = await store.traffic();
  const at = new Date().toISOString();
  const ingest: StoredIngest = {
    id: 'ing_BenchTrafficYear001',
    account_id: accountId,
    project_id: TRAFFIC_PROJECT,
    sha256: 'bench-year',
    status: 'ingesting',
    bytes: 0,
    lines: 0,
    offset: 0,
    problems: [],
    error: null,
    created_at: at,
    updated_at: at,
  };
  await traffic.createIngest(ingest);
  const r = rng(20261128);
  let offset = 0;
  let daily = new DailyAggregates();
  for (let d = 0; d < shape.days; d++) {
    const time = Date.parse(`${dayOfYear(shape, d)}T12:00:00Z`);
    const day = daily.day(dayOfYear(shape, d));
    for (let g = 0; g < shape.agents; g++) {
      const agent = daily.agent(`BenchAgent${g}`, `Operator${g % 40}`, TRAFFIC_PURPOSES[g % TRAFFIC_PURPOSES.length]!);
      for (let h = 0; h < shape.hitsPerAgent; h++) {
        daily.counted(time);
        const path = `/docs/page-${Math.floor(r() * r() * shape.paths)}`;
        daily.hit(agent, path, r() < 0.9 ? 200 : 404, time, r() < 0.05 ? 'spoofed' : 'verified', day);
      }
    }
    for (let v = 0; v < 300; v++) {
      daily.counted(time);
      daily.referral(ENGINES[v % ENGINES.length]!, `/docs/page-${Math.floor(r() * shape.paths)}`, day);
    }
    if ((d + 1) % CHUNK_DAYS !== 0 && d + 1 < shape.days) continue;
    const parts = chunkParts(daily);
    const to = offset + 1_000_000;
    const ok = await traffic.commitChunk({ ingest_id: ingest.id, project_id: TRAFFIC_PROJECT, from: offset, to, at, ...parts });
    if (!ok) throw new Error(`day ${d}: the chunk was refused`);
    offset = to;
    daily = new DailyAggregates();
  }
  await traffic.setIngestStatus(ingest.id, 'done', null, at);
  return performance.now() - t0;
}
