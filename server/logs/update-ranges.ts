/**
 * `citable logs update-ranges`: downloads every operator's published ranges (shared/logs/ranges/range-sources.ts),
 * and writes them, dated, to the ranges file `citable logs` reads. A source that fails (network, status, nothing
 * readable) keeps what the file or the shipped snapshot had, and is reported. LOG_RANGES_BASE_URL points every
 * download at another origin (`{base}/{host}{path}`), which the tests use to serve copies on 127.0.0.1.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RangeSet, parsePrefix } from '../../shared/logs/ip/range-set.js';
import { RANGE_SOURCES, type RangeSource } from '../../shared/logs/ranges/range-sources.js';
import type { RangesSnapshot, SnapshotSource } from '../../shared/logs/ranges/ranges-snapshot.js';
import { loadRanges } from './ranges-file.js';

export const DOWNLOAD_TIMEOUT_MS = 20_000;
const MAX_BODY_BYTES = 8 << 20;

export interface SourceOutcome {
  id: string;
  url: string;
  /** Prefixes now in the file for this source. */
  prefixes: number;
  /** Null when the download worked; else why it did not (the previous list was kept). */
  error: string | null;
}

/** Where a source is downloaded from: its URL, or the same host and path under `base`. */
export function downloadUrl(source: RangeSource, base: string | null): string {
  if (!base) return source.url;
  const u = new URL(source.url);
  return `${base}/${u.host}${u.pathname}${u.search}`;
}

/** The prefixes of a `prefixes` JSON file, or of any text (every address or CIDR prefix in it). */
export function readPrefixes(body: string, format: RangeSource['format']): { prefixes: string[]; created: string | null } {
  if (format === 'prefixes') {
    const json = JSON.parse(body) as { creationTime?: unknown; prefixes?: unknown };
    if (!Array.isArray(json.prefixes)) throw new Error('no "prefixes" list');
    const prefixes = json.prefixes
      .map((p: { ipv4Prefix?: unknown; ipv6Prefix?: unknown }) => p?.ipv4Prefix ?? p?.ipv6Prefix)
      .filter((p): p is string => typeof p === 'string' && parsePrefix(p) !== null);
    const created =
      typeof json.creationTime === 'string' && /^\d{4}-\d{2}-\d{2}/.test(json.creationTime) ? json.creationTime.slice(0, 10) : null;
    return { prefixes, created };
  }
  const candidates = body.match(/(?:\d{1,3}\.){3}\d{1,3}(?:\/\d{1,2})?|[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}(?:\/\d{1,3})?/gi) ?? [];
  return { prefixes: [...new Set(candidates.filter((p) => parsePrefix(p) !== null))], created: null };
}

async function download(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = await response.text();
  if (body.length > MAX_BODY_BYTES) throw new Error('larger than 8 MiB');
  return body;
}

async function refreshSource(source: RangeSource, base: string | null, today: string): Promise<SnapshotSource> {
  const url = downloadUrl(source, base);
  const { prefixes, created } = readPrefixes(await download(url), source.format);
  if (prefixes.length === 0 || new RangeSet(prefixes).size === 0) throw new Error('no address ranges in the answer');
  return { id: source.id, taken: created ?? today, via: `${source.url}, downloaded ${today}`, prefixes };
}

/** Downloads every source and writes the ranges file; returns what happened per source. */
export async function updateRanges(file: string, base: string | null, now = new Date()): Promise<SourceOutcome[]> {
  const today = now.toISOString().slice(0, 10);
  const previous = await loadRanges(file);
  const byId = new Map(previous.sources.map((s) => [s.id, s]));
  const outcomes: SourceOutcome[] = [];
  const results = await Promise.all(
    RANGE_SOURCES.map((source) =>
      refreshSource(source, base, today).then(
        (s) => ({ source, fresh: s, error: null }),
        (e: unknown) => ({ source, fresh: null, error: e instanceof Error ? e.message : String(e) }),
      ),
    ),
  );
  for (const { source, fresh, error } of results) {
    const kept = fresh ?? byId.get(source.id) ?? { id: source.id, taken: null, via: `${source.url}: never downloaded`, prefixes: [] };
    byId.set(source.id, kept);
    outcomes.push({ id: source.id, url: downloadUrl(source, base), prefixes: kept.prefixes.length, error });
  }
  const snapshot: RangesSnapshot = { built: today, sources: RANGE_SOURCES.map((s) => byId.get(s.id)!) };
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(snapshot, null, 2)}\n`);
  await rename(temp, file);
  return outcomes;
}
