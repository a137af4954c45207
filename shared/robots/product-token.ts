/**
 * The product token a user-agent line names (RFC 9309 section 2.2.1): `*`, or the leading run of
 * letters, `_` and `-`, lower-cased (so `Googlebot/2.1` names `googlebot`). Null when there is none.
 */
export function productTokenOf(value: string): string | null {
  const v = value.trim();
  if (v === '*' || /^\*\s/.test(v)) return '*';
  const m = /^[A-Za-z_-]+/.exec(v);
  return m ? m[0].toLowerCase() : null;
}
