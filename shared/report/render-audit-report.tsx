/** An audit's report as one self-contained HTML document (a string): pure, the same in Node and the browser. */
import { renderToString } from 'preact-render-to-string';
import { safeBranding } from './branding.js';
import { AuditReport } from './components/AuditReport.js';
import { ReportDocument } from './components/ReportDocument.js';
import { displayUrl } from './format.js';
import { createTranslator } from '../i18n/translator.js';
import { RulesDocContext, TranslatorContext } from './i18n-context.js';
import { reportCss } from './styles.js';
import type { ReportAudit, ReportOptions, ScorePoint } from './types.js';

export function renderAuditReportHtml(audit: ReportAudit, options: ReportOptions = {}): string {
  const branding = safeBranding(options.branding);
  const history: ScorePoint[] = [...(options.history ?? []), { scanned_at: audit.scanned_at, score: audit.score, origin: audit.origin }];
  const tr = createTranslator(options.lang);
  const title = tr.t('audit.documentTitle', { url: displayUrl(audit.final_url || audit.url, 80) });
  const css = reportCss(branding, options.paper ?? 'A4', options.medium ?? 'html', tr);
  return `<!doctype html>${renderToString(
    <TranslatorContext.Provider value={tr}>
      <RulesDocContext.Provider value={options.rulesDocUrl ?? null}>
        <ReportDocument title={title} css={css} lang={tr.lang}>
          <AuditReport
            audit={audit}
            branding={branding}
            history={history}
            generatedAt={options.generatedAt ?? audit.scanned_at}
            fixes={options.fixes ?? null}
            pdfHref={options.pdfHref ?? null}
            unsupportedLang={options.unsupportedLang ?? null}
          />
        </ReportDocument>
      </RulesDocContext.Provider>
    </TranslatorContext.Provider>,
  )}`;
}
