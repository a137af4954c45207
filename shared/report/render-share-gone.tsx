/**
 * The page a dead share link answers (revoked, expired or never made): a small HTML document in the
 * report's style that says so in words, for the client who opens it, not the API's JSON error.
 */
import { renderToString } from 'preact-render-to-string';
import { safeBranding } from './branding.js';
import { ReportDocument } from './components/ReportDocument.js';
import { reportCss } from './styles.js';
import type { ReportBranding } from './types.js';

export const SHARE_GONE_TITLE = 'This report link no longer works';

export function renderShareGoneHtml(options: { branding?: ReportBranding | null } = {}): string {
  const branding = safeBranding(options.branding);
  const css = `${reportCss(branding, 'A4', 'html')}
.gone { max-width: 36rem; }
.gone h1 { margin-bottom: 12px; }`;
  return `<!doctype html>${renderToString(
    <ReportDocument title={SHARE_GONE_TITLE} css={css}>
      <main class="report gone" data-share="gone">
        <h1>{SHARE_GONE_TITLE}</h1>
        <p>The link was revoked, has expired or never existed, so the report it pointed to cannot be shown.</p>
        <p>
          {branding.name
            ? `Ask ${branding.name} for a new link to the report.`
            : 'Ask whoever sent it to you for a new link to the report.'}
        </p>
      </main>
    </ReportDocument>,
  )}`;
}
