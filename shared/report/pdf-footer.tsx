/**
 * The footer headless Chromium prints on every PDF page: who prepared the report, about what, and "Page n of N"
 * (Chromium fills the `pageNumber` and `totalPages` elements). The template is rendered by Preact, so the
 * agency's name and the URL are escaped like everywhere else; it has its own inline styles, as Chromium
 * requires (it sees none of the report's).
 */
import { renderToString } from 'preact-render-to-string';
import { safeBranding } from './branding.js';
import { clip, displayUrl } from './format.js';
import type { ReportBranding } from './types.js';

export function pdfFooterTemplate(branding: ReportBranding | null | undefined, subjectUrl: string): string {
  const { name } = safeBranding(branding);
  const left = `${name ? `${clip(name, 60)} · ` : ''}${displayUrl(subjectUrl, 70)}`;
  return renderToString(
    <div style="width:100%;margin:0 14mm;font:8px system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#5f6b7a;display:flex;justify-content:space-between;gap:12px;">
      <span>{left}</span>
      <span style="white-space:nowrap;">
        Page <span class="pageNumber"></span> of <span class="totalPages"></span>
      </span>
    </div>,
  );
}
