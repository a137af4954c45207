import type { Translator } from '../../../shared/i18n/translator.js';
import type { Style } from './style.js';

/** What every report section needs besides the audit. */
export interface ReportContext {
  style: Style;
  /** Columns to wrap long text at. */
  width: number;
  /** The report's language (`--lang`); the advice under each issue stays English. */
  tr: Translator;
}
