import type { Audit } from '../../../shared/types/audit.js';
import { createTranslator } from '../../../shared/i18n/translator.js';
import type { ReportLanguage } from '../../../shared/i18n/languages.js';
import { createStyle } from './style.js';
import { summarySection } from './summary-section.js';
import { issuesSection } from './issues-section.js';
import { crawlersSection } from './crawlers-section.js';
import { signalsSection } from './signals-section.js';
import { ruleErrorsSection } from './rule-errors-section.js';
import { renderingSection } from './rendering-section.js';

export interface RenderOptions {
  color: boolean;
  /** Terminal columns; long advice wraps below this. */
  columns?: number;
  /** The language of the report's own words (default English); rule titles follow it, advice stays English. */
  lang?: ReportLanguage;
}

/** The human-readable report `citable audit` prints. */
export function renderReport(audit: Audit, options: RenderOptions): string {
  const ctx = {
    style: createStyle(options.color),
    width: Math.max(60, Math.min(options.columns ?? 100, 120)),
    tr: createTranslator(options.lang ?? 'en'),
  };
  const sections = [summarySection, ruleErrorsSection, issuesSection, renderingSection, crawlersSection, signalsSection]
    .map((section) => section(audit, ctx))
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'));
  return `${sections.join('\n\n')}\n`;
}
