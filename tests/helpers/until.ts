/**
 * The one way tests wait for something that happens in the background (a check that completes, a
 * delivery that arrives, a popup that renders): poll `probe` until it answers, then return its answer.
 * `undefined`, `null` and `false` mean "not yet"; anything else is the answer. When the answer does not
 * come in time the error says what was awaited: `what` (a function of it can add what was last seen).
 * The timeout only stops a test that would hang; nothing here asserts how long anything takes.
 */
export interface UntilOptions {
  /** Give up after this long (default 30 s). */
  timeoutMs?: number;
  /** The pause between two probes (default 20 ms). */
  everyMs?: number;
}

export async function until<T>(
  what: string | (() => string),
  probe: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  options: UntilOptions = {},
): Promise<T> {
  const { timeoutMs = 30_000, everyMs = 20 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined && answer !== null && answer !== false) return answer;
    if (Date.now() >= deadline) {
      const awaited = typeof what === 'function' ? what() : what;
      throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${awaited}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
