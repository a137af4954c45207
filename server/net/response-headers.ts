/**
 * Response headers as the Fetcher contract wants them: names lower-cased, repeats joined with ", "
 * (set-cookie with "\n", since cookie values may contain commas). Built from rawHeaders because
 * Node's `headers` drops repeats of some names.
 */
export function collectHeaders(rawHeaders: readonly string[]): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    const value = rawHeaders[i + 1]!;
    const prior = out[name];
    out[name] = prior === undefined ? value : `${prior}${name === 'set-cookie' ? '\n' : ', '}${value}`;
  }
  return { ...out };
}
