/** Issue titles in de, keyed by the English title a rule gives (shared/rules); a title not here shows in English. */
export const deRuleTitles: Readonly<Record<string, string>> = {};
