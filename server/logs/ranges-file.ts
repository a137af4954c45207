/**
 * The address ranges `citable logs` verifies with: the refreshed file `citable logs update-ranges` wrote
 * (LOG_RANGES_FILE, else ip-ranges.json in DATA_DIR) when there is one, source by source over the snapshot shipped
 * in shared/logs/ranges/ranges-snapshot.ts; else the shipped snapshot alone.
 */
import { readFile } from 'node:fs/promises';
import { RANGES_SNAPSHOT, type RangesSnapshot, type SnapshotSource } from '../../shared/logs/ranges/ranges-snapshot.js';

export interface LoadedRanges {
  sources: SnapshotSource[];
  /** The refreshed file used, or null for the shipped snapshot alone. */
  file: string | null;
  /** Why a refreshed file that exists was not used. */
  warning: string | null;
}

function isSource(value: unknown): value is SnapshotSource {
  const s = value as SnapshotSource;
  return (
    !!s &&
    typeof s.id === 'string' &&
    (s.taken === null || typeof s.taken === 'string') &&
    typeof s.via === 'string' &&
    Array.isArray(s.prefixes) &&
    s.prefixes.every((p) => typeof p === 'string')
  );
}

/** The snapshot shape, checked; null when it is not one. */
export function asSnapshot(value: unknown): RangesSnapshot | null {
  const v = value as RangesSnapshot;
  if (!v || typeof v.built !== 'string' || !Array.isArray(v.sources) || !v.sources.every(isSource)) return null;
  return v;
}

/** Sources of `over` replacing those of `base` with the same id (a source with no prefixes never replaces one with some). */
export function overlay(base: readonly SnapshotSource[], over: readonly SnapshotSource[]): SnapshotSource[] {
  const byId = new Map(base.map((s) => [s.id, s]));
  for (const s of over) {
    const had = byId.get(s.id);
    if (!had || s.prefixes.length > 0 || had.prefixes.length === 0) byId.set(s.id, s);
  }
  return [...byId.values()];
}

export async function loadRanges(file: string): Promise<LoadedRanges> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { sources: RANGES_SNAPSHOT.sources, file: null, warning: missing ? null : `cannot read ${file}: ${(error as Error).message}` };
  }
  let snapshot: RangesSnapshot | null;
  try {
    snapshot = asSnapshot(JSON.parse(text));
  } catch {
    snapshot = null;
  }
  if (!snapshot)
    return { sources: RANGES_SNAPSHOT.sources, file: null, warning: `${file} is not a ranges file; using the shipped snapshot` };
  return { sources: overlay(RANGES_SNAPSHOT.sources, snapshot.sources), file, warning: null };
}
