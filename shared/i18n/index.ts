/** The reports' message catalogue (docs/reports.md#languages-and-rule-links): four languages, one translator, Intl dates and numbers. */
export { createTranslator, CATALOGUES, type Translator } from './translator.js';
export type { Catalogue, MessageKey } from './catalogue.js';
export type { Message, MessageVars, PluralMessage } from './message.js';
export {
  REPORT_LANGUAGES,
  DEFAULT_LANGUAGE,
  LOCALES,
  isReportLanguage,
  matchLanguage,
  languageFromAcceptLanguage,
  negotiateLanguage,
  type ReportLanguage,
  type LanguageChoice,
} from './languages.js';
export { formatDate, formatDateTime, formatNumber, formatPercent, formatShortDate, formatShortDateTime } from './format.js';
