/**
 * Finds which of many literal needles occur in a large text, in one linear pass.
 * One alternation regex scans the text; each time a needle is found it is dropped and the regex
 * rebuilt, so a marker repeated 10,000 times costs one match, and the rebuild count is bounded
 * by the number of needles. Literals only: no backtracking blow-up is possible.
 */
export function findNeedles(text: string, needles: readonly string[]): Map<string, number> {
  const found = new Map<string, number>();
  let { remaining, re } = firstScan(needles);
  let from = 0;
  while (remaining.length && from <= text.length) {
    re.lastIndex = from;
    const m = re.exec(text);
    if (!m) break;
    found.set(m[0], m.index);
    remaining = remaining.filter((n) => n !== m[0]);
    re = alternation(remaining);
    // Same position again: another needle may start here too (one is a prefix of the other).
    from = m.index;
  }
  return found;
}

/** The first regex of a needle list, built once per list: the fingerprint table's lists are asked about on every page. */
const firstScans = new WeakMap<readonly string[], { remaining: string[]; re: RegExp }>();

function firstScan(needles: readonly string[]): { remaining: string[]; re: RegExp } {
  let scan = firstScans.get(needles);
  if (!scan) {
    const remaining = [...new Set(needles.filter((n) => n.length > 0))];
    firstScans.set(needles, (scan = { remaining, re: alternation(remaining) }));
  }
  return scan;
}

function alternation(needles: readonly string[]): RegExp {
  // Longest first so a needle that extends another is not shadowed at the same position.
  const sorted = [...needles].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(escapeRegExp).join('|'), 'g');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
