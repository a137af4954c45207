/**
 * RFC 9309 section 2.2.3 matching: a pattern matches a path prefix, `*` matches any run of
 * characters, and a `$` at the very end anchors the pattern to the end of the path (elsewhere `$`
 * is literal, as in Google's reference parser). Both sides must already be normalised.
 *
 * With `*` as the only wildcard, taking each literal segment at its leftmost occurrence is exact
 * and leaves the most room for the rest, so matching is a few indexOf calls: no backtracking a
 * hostile 500 KiB robots.txt could turn into minutes of work.
 */
export function robotsPatternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const segments = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = segments[0]!;
  if (!path.startsWith(first)) return false;
  if (segments.length === 1) return !anchored || path.length === first.length;
  let pos = first.length;
  for (let i = 1; i < segments.length - 1; i++) {
    const segment = segments[i]!;
    if (!segment) continue;
    const at = path.indexOf(segment, pos);
    if (at < 0) return false;
    pos = at + segment.length;
  }
  const last = segments[segments.length - 1]!;
  if (anchored) return path.length - last.length >= pos && path.endsWith(last);
  return path.indexOf(last, pos) >= 0;
}
