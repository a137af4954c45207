/**
 * A whole number with its thousands grouped by commas, as `toLocaleString('en')` writes it (10,000; -1,234,567),
 * without Intl: a process's first Intl call loads ICU's locale data (about 10 ms here), which a command that
 * prints one number in its help or a note should not pay at start-up. Other numbers fall back to toLocaleString.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en');
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = digits.slice(Math.max(0, end - 3), end) + (out ? `,${out}` : '');
  return n < 0 || Object.is(n, -0) ? `-${out}` : out;
}
