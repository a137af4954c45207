import type { CrawlerPurpose, CrawlerVerdict } from '../../types/audit.js';
import type { Translator } from '../../i18n/translator.js';
import { useT } from '../i18n-context.js';

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
  const tr = useT();
  if (crawlers.length === 0) return <p class="muted">{tr.t('crawlers.none')}</p>;
  if (unknownReason) {
    return (
      <p class="muted" data-testid="crawlers-unknown">
        {tr.t('crawlers.unknown', { count: crawlers.length, reason: unknownReasonIn(tr, unknownReason) })}
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
            <th>{tr.t('crawlers.agent')}</th>
            {operator && <th>{tr.t('crawlers.operator')}</th>}
            <th>{tr.t('crawlers.usedFor')}</th>
            <th>{tr.t('crawlers.robotsTxt')}</th>
            {answer && <th>{tr.t('crawlers.pageAnswer')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.agent} data-agent={c.agent}>
              <td title={operator ? undefined : c.operator}>
                <strong>{c.agent}</strong>
              </td>
              {operator && <td>{c.operator}</td>}
              <td>{tr.has(`purpose.${c.purpose}`) ? tr.t(`purpose.${c.purpose}`) : c.purpose}</td>
              <td>
                <span class={`pill ${c.robots === 'blocked' ? 'blocked' : 'allowed'}`}>
                  {tr.t(c.robots === 'blocked' ? 'crawlers.blocked' : 'crawlers.allowed')}
                </span>
              </td>
              {answer && (
                <td data-served={c.served?.outcome ?? ''}>
                  <PageAnswer crawler={c} compact={compact} tr={tr} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted small">{tr.t('crawlers.note')}</p>
      {probed && (
        <p class="muted small" data-testid="probe-note">
          {tr.t('crawlers.probeNote')}
        </p>
      )}
    </>
  );
}

/** What the page served the agent: the outcome, its status and, outside the popup, how alike its text was. */
function PageAnswer({ crawler: c, compact, tr }: { crawler: CrawlerVerdict; compact: boolean; tr: Translator }) {
  const served = c.served;
  if (served) {
    const status =
      served.http_status === null ? tr.t('crawlers.noResponse') : tr.t('crawlers.httpStatus', { status: String(served.http_status) });
    const words = tr.t('crawlers.words', { count: served.words });
    const detail = compact ? status : tr.t('crawlers.answerDetail', { status, words, similarity: Math.round(served.similarity * 100) });
    return (
      <span title={detail}>
        <span class={`pill ${served.outcome === 'ok' ? 'allowed' : served.outcome === 'payment_required' ? 'warning' : 'blocked'}`}>
          {tr.t(`served.${served.outcome}`)}
        </span>{' '}
        <span class="mono small">{detail}</span>
      </span>
    );
  }
  // An audit made before the edge probes: its status and challenge flag alone.
  if (c.challenged) return <span class="pill blocked">{tr.t('served.challenge')}</span>;
  if (c.http_status !== undefined) return <span class="mono">{tr.t('crawlers.httpStatus', { status: String(c.http_status) })}</span>;
  return <span class="muted">{tr.t('crawlers.notFetched')}</span>;
}

/** The one reason the engine gives (robots.txt unread in the browser) in the report's language; any other as given. */
function unknownReasonIn(tr: Translator, reason: string): string {
  return reason === 'robots.txt could not be read from the browser' ? tr.t('crawlers.robotsUnread') : reason;
}
