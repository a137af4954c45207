import { clip, scoreBand } from '../format.js';
import { useT } from '../i18n-context.js';
import type { CrawlTemplate } from '../types.js';
import { ShareBar } from './ShareBar.js';

/** Pages grouped by URL pattern: which kind of page scores worst. Lowest score first. */
export function TemplatesTable({ templates }: { templates: readonly CrawlTemplate[] }) {
  const tr = useT();
  const rows = [...templates].sort((a, b) => a.score - b.score || b.pages - a.pages);
  return (
    <table class="templates">
      <thead>
        <tr>
          <th>{tr.t('crawl.pagesLike')}</th>
          <th class="num">{tr.t('crawl.pagesColumn')}</th>
          <th class="num">{tr.t('crawl.score')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={t.pattern} data-template={t.pattern}>
            <td class="url-cell mono">{clip(t.pattern, 100)}</td>
            <td class="num">{tr.number(t.pages)}</td>
            <td class="num">
              <strong>{t.score}</strong>
              <div>
                <ShareBar value={t.score} max={100} band={scoreBand(t.score)} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
