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

/** Categories the expression disallows, e.g. `["train-ai"]`. */
export function deniedUsages(prefs: UsagePreferences): string[] {
  return [...prefs].filter(([, v]) => v === 'n').map(([k]) => k);
}
