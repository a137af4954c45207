/**
 * The page a dead share link answers (revoked, expired or never made): a small HTML document in the
 * report's style that says so in words, for the client who opens it, not the API's JSON error.
 */
import { renderToString } from 'preact-render-to-string';
import { safeBranding } from './branding.js';
import { ReportDocument } from './components/ReportDocument.js';
import { reportCss } from './styles.js';
import { createTranslator } from '../i18n/translator.js';
import type { ReportLanguage } from '../i18n/languages.js';
import type { ReportBranding } from './types.js';

export const SHARE_GONE_TITLE = createTranslator('en').t('gone.title');

export function renderShareGoneHtml(options: { branding?: ReportBranding | null; lang?: ReportLanguage } = {}): string {
  const branding = safeBranding(options.branding);
  const tr = createTranslator(options.lang);
  const css = `${reportCss(branding, 'A4', 'html', tr)}
.gone { max-width: 36rem; }
.gone h1 { margin-bottom: 12px; }`;
  const title = tr.t('gone.title');
  return `<!doctype html>${renderToString(
    <ReportDocument title={title} css={css} lang={tr.lang}>
      <main class="report gone" data-share="gone">
        <h1>{title}</h1>
        <p>{tr.t('gone.body')}</p>
        <p>{branding.name ? tr.t('gone.askAgency', { name: branding.name }) : tr.t('gone.askSender')}</p>
      </main>
    </ReportDocument>,
  )}`;
}
