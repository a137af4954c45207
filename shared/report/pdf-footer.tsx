/**
 * The footer headless Chromium prints on every PDF page: who prepared the report, about what, and "Page n of N"
 * in the report's language (Chromium fills the `pageNumber` and `totalPages` elements). The template is rendered
 * by Preact, so the agency's name and the URL are escaped like everywhere else; it has its own inline styles, as
 * Chromium requires (it sees none of the report's).
 */
import { renderToString } from 'preact-render-to-string';
import { safeBranding } from './branding.js';
import { clip, displayUrl } from './format.js';
import { createTranslator } from '../i18n/translator.js';
import type { ReportLanguage } from '../i18n/languages.js';
import type { ReportBranding } from './types.js';

export function pdfFooterTemplate(branding: ReportBranding | null | undefined, subjectUrl: string, lang?: ReportLanguage): string {
  const { name } = safeBranding(branding);
  const left = `${name ? `${clip(name, 60)} · ` : ''}${displayUrl(subjectUrl, 70)}`;
  const pages = createTranslator(lang)
    .parts('page.ofPages')
    .map((part, i) =>
      typeof part === 'string' ? part : <span key={i} class={part.name === 'pages' ? 'totalPages' : 'pageNumber'}></span>,
    );
  return renderToString(
    <div style="width:100%;margin:0 14mm;font:8px system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#5f6b7a;display:flex;justify-content:space-between;gap:12px;">
      <span>{left}</span>
      <span style="white-space:nowrap;">{pages}</span>
    </div>,
  );
}
