import { displayUrl, scoreBand } from '../format.js';
import { useT } from '../i18n-context.js';
import type { CrawlPage } from '../types.js';

/** Most pages listed. */
export const WORST_PAGES = 15;

/** The lowest-scoring pages of the crawl: where to start. */
export function WorstPagesTable({ pages }: { pages: readonly CrawlPage[] }) {
  const tr = useT();
  const rows = [...pages].sort((a, b) => a.score - b.score).slice(0, WORST_PAGES);
  return (
    <table class="worst-pages">
      <thead>
        <tr>
          <th>{tr.t('crawl.page')}</th>
          <th class="num">{tr.t('crawl.http')}</th>
          <th class="num">{tr.t('crawl.critical')}</th>
          <th class="num">{tr.t('crawl.score')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p, i) => {
          const critical = typeof p.critical === 'number' ? p.critical : p.critical ? tr.t('crawl.yes') : 0;
          return (
            <tr key={`${p.url}-${i}`} data-page-score={p.score}>
              <td class="url-cell">
                {displayUrl(p.url, 110)}
                {p.audit_expired ? <span class="muted small"> {tr.t('crawl.auditExpired')}</span> : null}
              </td>
              <td class="num mono">{p.http_status ?? '–'}</td>
              <td class="num">{critical ? <span class="pill critical">{critical}</span> : <span class="muted">0</span>}</td>
              <td class="num">
                <span class={`pill ${scoreBand(p.score)}`}>{p.score}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
