/** How issue texts list, count and quote: one way for every rule, so details read alike across categories. */

/** "a, b and c", or "a, b, c and 4 more" beyond `max` items: keeps an issue detail to one sentence. */
export function listPhrase(items: readonly string[], max = 3): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length > max) return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Every name once, none left out: "A", "A and B", "A, B and C". */
export function listNames(names: readonly string[]): string {
  const unique = [...new Set(names)];
  return listPhrase(unique, unique.length);
}

/** "1 block", "3 blocks" (or the irregular plural given). */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

/** `one` for a single item, else `many`: "This agent builds" / "These agents build". */
export function oneOrMany(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** The sentence with its first letter in capitals. */
export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A page text in quotes for an issue detail, cut (by characters, never inside one) to `max`: "Title of the …". */
export function quote(text: string, max = 60): string {
  const chars = [...text];
  return `"${chars.length > max ? chars.slice(0, max - 1).join('') + '…' : text}"`;
}
