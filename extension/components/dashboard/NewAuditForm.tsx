import { useState } from 'preact/hooks';
import type { AuditSummary } from '../../lib/api/types.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { useDashboard } from './context.js';
import { ActionError } from './states.js';
import { useAction } from './use-action.js';
import { WriteButton } from './WriteButton.js';
import { UrlField } from './UrlField.js';
import { t } from '../../lib/i18n/t.js';

/**
 * One page audited by the server from the dashboard (`POST /audits {url}`, answered when the audit is done),
 * then opened. The address is taken as typed (`example.com` too): the server adds the scheme and refuses
 * what it cannot audit, in words shown under the form.
 */
export function NewAuditForm() {
  const { api } = useDashboard();
  const [url, setUrl] = useState('');
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const res = await run('audit', () => api.post<{ audit: Pick<AuditSummary, 'id'> }>('/audits', { url: url.trim() }));
    if (res.ok) location.hash = routeHref({ view: 'audit', id: res.data.audit.id });
  };
  return (
    <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label={t('newAuditLabel')}>
      <UrlField label={t('newAuditPage')} name="audit-url" value={url} onInput={setUrl} placeholder={t('newAuditPlaceholder')} />
      <WriteButton type="submit" busy={busy !== ''} action="start-audit">
        {t('newAuditSubmit')}
      </WriteButton>
      {busy && (
        <span class="muted small" role="status">
          {t('newAuditBusy')}
        </span>
      )}
      {error && <ActionError error={error} />}
    </form>
  );
}
