import type { Monitor, MonitorPeriod } from '../../lib/api/types.js';
import { t } from '../../lib/i18n/t.js';
import { useDashboard } from './context.js';
import { ActionError } from './states.js';
import { useAction } from './use-action.js';

const PERIODS: readonly MonitorPeriod[] = ['hour', 'day', 'week'];

/** A monitor's schedule, changed in place (PATCH /monitors/{id} `{every}`): a shorter period brings the next run closer. */
export function MonitorEvery({ monitor: m, onChanged }: { monitor: Monitor; onChanged: () => void }) {
  const { api, caps } = useDashboard();
  const { busy, error, run } = useAction();
  const change = async (every: MonitorPeriod) => {
    if ((await run('every', () => api.patch(`/monitors/${encodeURIComponent(m.id)}`, { every }))).ok) onChanged();
  };
  const words: Record<MonitorPeriod, string> = { hour: t('dashMonEveryHour'), day: t('dashMonEveryDay'), week: t('dashMonEveryWeek') };
  return (
    <>
      <select
        class="small"
        aria-label={t('dashMonEveryLabel', m.url)}
        value={m.every}
        disabled={busy !== '' || caps?.canWrite !== true}
        data-action="monitor-every"
        onChange={(e) => void change(e.currentTarget.value as MonitorPeriod)}
      >
        {PERIODS.map((p) => (
          <option key={p} value={p}>
            {words[p]}
          </option>
        ))}
      </select>
      {error && <ActionError error={error} />}
    </>
  );
}
