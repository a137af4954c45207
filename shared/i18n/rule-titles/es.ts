/** Issue titles in es, keyed by the English title a rule gives (shared/rules); a title not here shows in English. */
export const esRuleTitles: Readonly<Record<string, string>> = {};
