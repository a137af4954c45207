/** Promise.all over an object: each member awaited in parallel, the results under the same names. */
export async function awaitAll<T extends Record<string, unknown>>(promises: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(Object.entries(promises).map(async ([name, value]) => [name, await value] as const));
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}
