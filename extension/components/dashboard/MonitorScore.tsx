import type { ApiClient, ApiResult } from '../../lib/api/client.js';
import type { Monitor } from '../../lib/api/types.js';
import { ScorePill } from './ScorePill.js';
import { t } from '../../lib/i18n/t.js';
import { useApi } from './use-api.js';

interface LastScore {
  score: number | null;
  /** The change from the run before, when there was one. */
  delta: number | null;
}

/** The last result's score and its change since the run before: the diff when there is an earlier audit, else the audit or crawl. */
async function readLastScore(api: ApiClient, m: Monitor): Promise<ApiResult<LastScore>> {
  const id = encodeURIComponent(m.last_result_id!);
  if (m.kind === 'crawl') {
    const res = await api.get<{ crawl: { score: number | null } }>(`/crawls/${id}`);
    return res.ok ? { ...res, data: { score: res.data.crawl.score, delta: null } } : res;
  }
  const diff = await api.get<{ diff: { score: { to: number; delta: number } } }>(`/audits/${id}/diff?against=previous`);
  if (diff.ok) return { ...diff, data: { score: diff.data.diff.score.to, delta: diff.data.diff.score.delta } };
  const res = await api.get<{ audit: { score: number } }>(`/audits/${id}`);
  return res.ok ? { ...res, data: { score: res.data.audit.score, delta: null } } : res;
}

/** A monitor's health at a glance: the last score, and up or down since the run before (in words for screen readers). */
export function MonitorScore({ monitor: m }: { monitor: Monitor }) {
  const [load] = useApi((api) => (m.last_result_id ? readLastScore(api, m) : Promise.resolve(none)), [m.last_result_id, m.kind]);
  if (!m.last_result_id) return <span class="muted">{t('dashMonNotRun')}</span>;
  if (load.state !== 'ok') return <span class="muted">{load.state === 'loading' ? '…' : t('dashMonUnknown')}</span>;
  const { score, delta } = load.data;
  return (
    <span class="nowrap" data-last-score={score ?? ''} data-trend={delta ?? ''}>
      <ScorePill score={score} />
      {delta !== null && <Trend delta={delta} />}
    </span>
  );
}

const none: ApiResult<LastScore> = { ok: true, status: 200, data: { score: null, delta: null } };

function Trend({ delta }: { delta: number }) {
  if (delta === 0) return <span class="muted small"> {t('dashMonNoChange')}</span>;
  const up = delta > 0;
  return (
    <span class={`small trend ${up ? 'trend-up' : 'trend-down'}`}>
      {' '}
      <span aria-hidden="true">{up ? '▲' : '▼'}</span> {up ? t('dashMonUp', Math.abs(delta)) : t('dashMonDown', Math.abs(delta))}
    </span>
  );
}
