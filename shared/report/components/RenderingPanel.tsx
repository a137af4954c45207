import type { AuditRendering } from '../../types/audit.js';
import { renderingEngineLine, renderingGapRows, renderingGapSummary } from '../rendering-gap.js';

/** The page before and after JavaScript (`render`): what crawlers that do not run it miss. */
export function RenderingPanel({ rendering }: { rendering: AuditRendering }) {
  const title = (t: string | null) => (t === null ? '(none)' : t);
  return (
    <div class="panel" data-rendering>
      <p>{renderingGapSummary(rendering)}</p>
      <table>
        <thead>
          <tr>
            <th></th>
            <th>Server HTML</th>
            <th>Rendered</th>
            <th>Missed without JavaScript</th>
          </tr>
        </thead>
        <tbody>
          {renderingGapRows(rendering).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.raw}</td>
              <td>{row.rendered}</td>
              <td>{row.missed}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Title</th>
            <td>{title(rendering.raw.title)}</td>
            <td>{title(rendering.rendered.title)}</td>
            <td></td>
          </tr>
        </tbody>
      </table>
      <p class="muted">{renderingEngineLine(rendering)}</p>
    </div>
  );
}
