/**
 * An issue's title in a report's language. Rules write their titles in English (the audit stores them so), so
 * the title is looked up by its English text in the language's title list (shared/i18n/rule-titles/); a title
 * no list has (a newer rule, a title built from data) shows as the audit has it.
 */
import { deRuleTitles } from '../i18n/rule-titles/de.js';
import { esRuleTitles } from '../i18n/rule-titles/es.js';
import { frRuleTitles } from '../i18n/rule-titles/fr.js';
import type { ReportLanguage } from '../i18n/languages.js';
import type { Translator } from '../i18n/translator.js';

export const RULE_TITLES: Readonly<Record<Exclude<ReportLanguage, 'en'>, Readonly<Record<string, string>>>> = {
  de: deRuleTitles,
  fr: frRuleTitles,
  es: esRuleTitles,
};

export function ruleTitleIn(tr: Pick<Translator, 'lang'>, _rule: string, title: string): string {
  if (tr.lang === 'en') return title;
  return RULE_TITLES[tr.lang][title] ?? title;
}
