/** Durations in configuration: a number of milliseconds, or a number with a unit (`1500ms`, `90s`, `30m`, `24h`, `7d`). */
const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(raw: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i.exec(raw);
  if (!match) return null;
  const value = Number(match[1]) * UNITS[(match[2] ?? 'ms').toLowerCase()]!;
  return Number.isFinite(value) ? Math.round(value) : null;
}
