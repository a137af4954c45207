/**
 * Short or full form of the stress suite. `npm test` runs the short form (the default); `npm run
 * test:stress` sets STRESS_MODE=full, the sizes the issue asks for. STRESS_SEED replays a run: every
 * test prints the seed it used.
 */
export type StressMode = 'short' | 'full';

export const STRESS_MODE: StressMode = process.env.STRESS_MODE === 'full' ? 'full' : 'short';

/** The value for the current mode. */
export function sized<T>(short: T, full: T): T {
  return STRESS_MODE === 'full' ? full : short;
}

/** The seed of this run: STRESS_SEED when set, otherwise a fresh one (printed by the tests). */
export function stressSeed(): number {
  const fromEnv = process.env.STRESS_SEED;
  if (fromEnv !== undefined && fromEnv !== '') {
    const seed = Number(fromEnv);
    if (!Number.isInteger(seed)) throw new Error(`STRESS_SEED must be an integer, got ${JSON.stringify(fromEnv)}`);
    return seed >>> 0;
  }
  return (Math.random() * 2 ** 32) >>> 0;
}

/** A small seeded generator (mulberry32): the same seed gives the same kills, faults and choices. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Prints a block of figures so it stands out in the test output. */
export function report(title: string, lines: string[]): void {
  console.log([`\n== ${title} (${STRESS_MODE} mode)`, ...lines.map((l) => `   ${l}`)].join('\n'));
}
