/** A crawl's report as one self-contained HTML document (a string): pure, the same in Node and the browser. */
import { renderToString } from 'preact-render-to-string';
import { safeBranding } from './branding.js';
import { CrawlReport } from './components/CrawlReport.js';
import { ReportDocument } from './components/ReportDocument.js';
import { displayUrl } from './format.js';
import { createTranslator } from '../i18n/translator.js';
import { RulesDocContext, TranslatorContext } from './i18n-context.js';
import { reportCss } from './styles.js';
import type { CrawlReportExtras, ReportCrawl, ReportOptions, ScorePoint } from './types.js';

export function renderCrawlReportHtml(crawl: ReportCrawl, options: ReportOptions & CrawlReportExtras = {}): string {
  const branding = safeBranding(options.branding);
  const when = crawl.finished_at ?? crawl.started_at ?? crawl.created_at;
  const history: ScorePoint[] = [...(options.history ?? [])];
  if (crawl.score !== null && crawl.score !== undefined) history.push({ scanned_at: when, score: crawl.score });
  const tr = createTranslator(options.lang);
  const css = reportCss(branding, options.paper ?? 'A4', options.medium ?? 'html', tr);
  return `<!doctype html>${renderToString(
    <TranslatorContext.Provider value={tr}>
      <RulesDocContext.Provider value={options.rulesDocUrl ?? null}>
        <ReportDocument title={tr.t('crawl.documentTitle', { url: displayUrl(crawl.url, 80) })} css={css} lang={tr.lang}>
          <CrawlReport
            crawl={crawl}
            branding={branding}
            history={history}
            generatedAt={options.generatedAt ?? when}
            {...(options.worstPages ? { worstPages: options.worstPages } : {})}
            {...(options.advice ? { advice: options.advice } : {})}
            {...(options.expiredAudits ? { expiredAudits: options.expiredAudits } : {})}
            traffic={options.traffic ?? null}
            fixes={options.fixes ?? null}
            pdfHref={options.pdfHref ?? null}
            unsupportedLang={options.unsupportedLang ?? null}
          />
        </ReportDocument>
      </RulesDocContext.Provider>
    </TranslatorContext.Provider>,
  )}`;
}
