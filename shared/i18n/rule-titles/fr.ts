/** Issue titles in fr, keyed by the English title a rule gives (shared/rules); a title not here shows in English. */
export const frRuleTitles: Readonly<Record<string, string>> = {};
