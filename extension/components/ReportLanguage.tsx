import type { ComponentChildren } from 'preact';
import { TranslatorContext } from '../../shared/report/i18n-context.js';
import { createTranslator } from '../../shared/i18n/translator.js';
import { language } from '../lib/i18n/t.js';

/**
 * The report components the popup and dashboard share with the client reports (score, issues, panels) speak
 * the language the extension is shown in, not English: without this they fall back to their default translator.
 */
export function ReportLanguage({ children }: { children: ComponentChildren }) {
  return <TranslatorContext.Provider value={createTranslator(language())}>{children}</TranslatorContext.Provider>;
}
