import type { AuditRendering } from '../../types/audit.js';
import { useT } from '../i18n-context.js';
import { renderingEngineLine, renderingGapRows, renderingGapSummary } from '../rendering-gap.js';

/** The page before and after JavaScript (`render`): what crawlers that do not run it miss. */
export function RenderingPanel({ rendering }: { rendering: AuditRendering }) {
  const tr = useT();
  const title = (t: string | null) => (t === null ? tr.t('rendering.none') : t);
  return (
    <div class="panel" data-rendering>
      <p>{renderingGapSummary(rendering, tr)}</p>
      <table>
        <thead>
          <tr>
            <th></th>
            <th>{tr.t('rendering.serverHtml')}</th>
            <th>{tr.t('rendering.rendered')}</th>
            <th>{tr.t('rendering.missed')}</th>
          </tr>
        </thead>
        <tbody>
          {renderingGapRows(rendering, tr).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.raw}</td>
              <td>{row.rendered}</td>
              <td>{row.missed}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{tr.t('rendering.title')}</th>
            <td>{title(rendering.raw.title)}</td>
            <td>{title(rendering.rendered.title)}</td>
            <td></td>
          </tr>
        </tbody>
      </table>
      <p class="muted">{renderingEngineLine(rendering, tr)}</p>
    </div>
  );
}
