/** Polls until `probe` returns a value (not undefined), every 20 ms for up to 30 s: waits for background work, asserts no timing. */
export async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 1_500; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met within 30 s');
}
