// Apart from access-scope.ts: the popup needs only this, not the public-suffix list that file loads.
/** "example.com, cdn.example.net": the hosts a permission list names, for the button label. */
export function describeScope(origins: string[]): string {
  const hosts = origins.map((o) =>
    o
      .replace(/^[^:]+:\/\//, '')
      .replace(/\/\*$/, '')
      .replace(/^\*\./, ''),
  );
  return [...new Set(hosts)].join(', ');
}
