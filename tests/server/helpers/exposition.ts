/** Reading the Prometheus text format in tests: the value of one sample, by name and labels. */

/** The sample `name{labels}`'s value, 0 when it is absent; labels must match exactly (order aside). */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got =
      (match[2] ?? '')
        .match(/[a-zA-Z_]+="(?:[^"\\]|\\.)*"/g)
        ?.sort()
        .join(',') ?? '';
    if (got === want) return Number(match[3]);
  }
  return 0;
}
