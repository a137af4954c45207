/**
 * How alike two copies of a page read: the Jaccard index of their word 3-shingle sets (Broder's resemblance,
 * "On the resemblance and containment of documents", 1997). Each run of three consecutive words, lower-cased,
 * is hashed to 32 bits; the index is |A ∩ B| / |A ∪ B|, 0 to 1, rounded to 4 decimals.
 *
 * Why this measure: it is order-aware (the same words in another order are another text), it ignores how often a
 * phrase repeats, and a few changed words (a date, a token, a banner) move it little, while a challenge page, an
 * error page or a page written for bots shares almost no shingles with the article. Cosine on word counts was
 * the alternative; it gives two unrelated texts in one language a high score from their shared function words
 * alone (the, of, and), close to the 0.5 `different_content` is read at. Linear in the words compared, which are
 * capped (COMPARED_WORDS).
 */

/** Words read per copy: far beyond any article, and a bound on the time and memory one comparison takes. */
export const COMPARED_WORDS = 50_000;
const SHINGLE_WORDS = 3;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** The shingle set of a text; a text shorter than one shingle is compared by its words. */
export function shingles(text: string): Set<number> {
  const words: string[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m && words.length < COMPARED_WORDS; m = WORD.exec(text)) words.push(m[0].toLowerCase());
  const out = new Set<number>();
  if (words.length < SHINGLE_WORDS) {
    for (const w of words) out.add(fnv1a(w));
    return out;
  }
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) out.add(fnv1a(`${words[i]} ${words[i + 1]} ${words[i + 2]}`));
  return out;
}

/** Jaccard index of two shingle sets, 4 decimals; two empty texts are alike (1), one empty and one not are not (0). */
export function jaccard(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  if (a.size === 0 && b.size === 0) return 1;
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const h of small) if (large.has(h)) shared++;
  return round4(shared / (a.size + b.size - shared));
}

export function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

/** 32-bit FNV-1a over UTF-16 code units: fast, and collisions among tens of thousands of shingles are negligible. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
