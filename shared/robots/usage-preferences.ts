/**
 * IETF AIPREF usage preferences (draft-ietf-aipref-vocab): a Structured Fields dictionary such as
 * `train-ai=n, search=y`. Only the tokens `y` and `n` state a preference; the last occurrence of a
 * key wins; parameters and unknown values leave the category unknown. Lenient: a malformed member
 * is skipped instead of voiding the whole expression.
 */
export type UsagePreferences = Map<string, 'y' | 'n'>;

export function parseUsagePreferences(value: string): UsagePreferences {
  const prefs: UsagePreferences = new Map();
  for (const member of value.split(',')) {
    const [keyValue] = member.split(';');
    const m = /^\s*([a-z*][a-z0-9_.*-]*)\s*(?:=\s*([^\s]*))?\s*$/.exec(keyValue ?? '');
    if (!m) continue;
    const key = m[1]!;
    const v = m[2];
    if (v === 'y' || v === 'n') prefs.set(key, v);
    else prefs.delete(key);
  }
  return prefs;
}

/**
 * The vocabulary's usage categories (draft-ietf-aipref-vocab as of its September 2026 revision): AI model training and
 * search. Earlier labels (`ai-use`, `train-genai`, the `all` parent) were removed; unknown labels MUST be ignored.
 */
export const USAGE_CATEGORIES: readonly string[] = ['train-ai', 'search'];

/** Categories of the vocabulary the expression disallows, e.g. `["train-ai"]`; unknown labels are ignored. */
export function deniedUsages(prefs: UsagePreferences): string[] {
  return [...prefs].filter(([k, v]) => v === 'n' && USAGE_CATEGORIES.includes(k)).map(([k]) => k);
}
