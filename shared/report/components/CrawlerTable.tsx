import type { CrawlerPurpose, CrawlerVerdict } from '../../types/audit.js';
import { CRAWLER_NOTE, PROBE_NOTE, PURPOSE_LABELS, SERVED_LABELS } from '../wording.js';
import { plural } from '../../judge/wording.js';

/** Search and user agents first: those are the ones that cost citations when blocked. */
const PURPOSE_ORDER: Record<CrawlerPurpose, number> = { search: 0, user: 1, training: 2, archive: 3 };

export interface CrawlerTableProps {
  crawlers: readonly CrawlerVerdict[];
  /** Set when robots.txt could not be read: every verdict is unknown, so none is listed as allowed or blocked. */
  unknownReason?: string | null;
  /** The popup's width: the operator moves to the agent's tooltip; the page-answer column shows only when some agent was fetched. */
  compact?: boolean;
}

/** What each AI agent may do on this page: robots.txt's verdict and, when fetched as it, the answer it got. */
export function CrawlerTable({ crawlers, unknownReason = null, compact = false }: CrawlerTableProps) {
  if (crawlers.length === 0) return <p class="muted">No AI crawler was checked.</p>;
  if (unknownReason) {
    return (
      <p class="muted" data-testid="crawlers-unknown">
        Unknown for all {crawlers.length} agents: {unknownReason}.
      </p>
    );
  }
  const rows = [...crawlers].sort((a, b) => (PURPOSE_ORDER[a.purpose] ?? 9) - (PURPOSE_ORDER[b.purpose] ?? 9));
  const operator = !compact;
  const probed = crawlers.some((c) => c.served || c.challenged || c.http_status !== undefined);
  const answer = !compact || probed;
  return (
    <>
      <table class="crawlers">
        <thead>
          <tr>
            <th>Agent</th>
            {operator && <th>Operator</th>}
            <th>Used for</th>
            <th>robots.txt</th>
            {answer && <th>Page answer</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.agent} data-agent={c.agent}>
              <td title={operator ? undefined : c.operator}>
                <strong>{c.agent}</strong>
              </td>
              {operator && <td>{c.operator}</td>}
              <td>{PURPOSE_LABELS[c.purpose] ?? c.purpose}</td>
              <td>
                <span class={`pill ${c.robots === 'blocked' ? 'blocked' : 'allowed'}`}>
                  {c.robots === 'blocked' ? 'Blocked' : 'Allowed'}
                </span>
              </td>
              {answer && (
                <td data-served={c.served?.outcome ?? ''}>
                  <PageAnswer crawler={c} compact={compact} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted small">{CRAWLER_NOTE}</p>
      {probed && (
        <p class="muted small" data-testid="probe-note">
          {PROBE_NOTE}
        </p>
      )}
    </>
  );
}

/** What the page served the agent: the outcome, its status and, outside the popup, how alike its text was. */
function PageAnswer({ crawler: c, compact }: { crawler: CrawlerVerdict; compact: boolean }) {
  const served = c.served;
  if (served) {
    const status = served.http_status === null ? 'no response' : `HTTP ${served.http_status}`;
    const detail = compact ? status : `${status}, ${plural(served.words, 'word')}, ${Math.round(served.similarity * 100)} % alike`;
    return (
      <span title={detail}>
        <span class={`pill ${served.outcome === 'ok' ? 'allowed' : served.outcome === 'payment_required' ? 'warning' : 'blocked'}`}>
          {SERVED_LABELS[served.outcome]}
        </span>{' '}
        <span class="mono small">{detail}</span>
      </span>
    );
  }
  // An audit made before the edge probes: its status and challenge flag alone.
  if (c.challenged) return <span class="pill blocked">Challenged</span>;
  if (c.http_status !== undefined) return <span class="mono">HTTP {c.http_status}</span>;
  return <span class="muted">not fetched</span>;
}
