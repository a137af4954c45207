/**
 * The report's language inside its components: the render functions wrap the report in `<TranslatorContext.Provider>`;
 * a view that renders a component without one (the extension's popup) gets English.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { createTranslator, type Translator } from '../i18n/translator.js';

export const TranslatorContext = createContext<Translator>(createTranslator('en'));

export function useT(): Translator {
  return useContext(TranslatorContext);
}

/** The published rule reference the report links each issue to (rule-docs.ts); null: none set. */
export const RulesDocContext = createContext<string | null>(null);
