import type { ShareSummary } from '../../lib/api/types.js';
import type { ApiClient, ApiResult } from '../../lib/api/client.js';
import { routeHref } from '../../lib/dashboard/route.js';
import { useDashboard } from './context.js';
import { displayUrl, when } from './format.js';
import { useApi } from './use-api.js';
import { ActionError, ListStates } from './states.js';
import { WriteButton } from './WriteButton.js';
import { DoneNote, useConfirm } from './ConfirmDialog.js';
import { useMemo, useState } from 'preact/hooks';
import { DataTable, type TableColumn } from './DataTable.js';
import { useAction } from './use-action.js';
import { formatDate } from '../../lib/i18n/format.js';
import { t } from '../../lib/i18n/t.js';
import { useProjectFilter } from './ProjectFilter.js';

/** Live share links (`GET /shares`); revoking one (`DELETE /shares/{id}`) makes its link answer 404 at once. */
export function SharesView() {
  const [list, reload] = useApi(readNamedShares, []);
  const { busy, error, dialog, done, revoke } = useRevoke(reload);
  const client = useProjectFilter();
  return (
    <section aria-labelledby="h-shares">
      <h1 id="h-shares">{t('navShares')}</h1>
      <p class="muted">{t('dashSharesIntro')}</p>
      {error && <ActionError error={error} />}
      <DoneNote text={done} />
      {dialog}
      {client.select && <div class="filters">{client.select}</div>}
      <ListStates
        load={list}
        what={t('dashWhatShares')}
        items={(d) => client.only(d.shares, (s) => s.url)}
        empty={client.empty(t('dashSharesNone'))}
        onRetry={reload}
      >
        {(shares) => <SharesTable shares={shares} busy={busy} onRevoke={(s) => void revoke(s)} />}
      </ListStates>
    </section>
  );
}

const SHARE_COLUMNS: readonly TableColumn<NamedShare>[] = [
  {
    id: 'report',
    label: t('auditReport'),
    sort: shareName,
    csv: shareName,
    cell: (s) => (
      <a href={routeHref(s.kind === 'audit' ? { view: 'audit', id: s.target_id } : { view: 'crawl', id: s.target_id })}>{shareName(s)}</a>
    ),
  },
  { id: 'kind', label: t('dashColKind'), sort: (s) => s.kind, csv: (s) => s.kind },
  {
    id: 'created',
    label: t('dashColCreated'),
    sort: (s) => s.created_at,
    csv: (s) => s.created_at,
    cell: (s) => when(s.created_at),
    td: () => ({ class: 'nowrap' }),
  },
  {
    id: 'expires',
    label: t('dashColExpires'),
    sort: (s) => s.expires_at,
    csv: (s) => s.expires_at,
    cell: (s) => when(s.expires_at),
    td: () => ({ class: 'nowrap' }),
  },
];

function SharesTable({ shares, busy, onRevoke }: { shares: readonly NamedShare[]; busy: string; onRevoke: (s: NamedShare) => void }) {
  const columns = useMemo<readonly TableColumn<NamedShare>[]>(
    () => [
      ...SHARE_COLUMNS,
      {
        id: 'actions',
        label: t('dashActions'),
        export: false,
        text: false,
        csv: () => '',
        cell: (s) => (
          <WriteButton
            class="danger small"
            busy={busy === s.id}
            onClick={() => onRevoke(s)}
            context={t('dashShareLinkOf', s.name)}
            action="revoke"
          >
            {t('dashSharesRevoke')}
          </WriteButton>
        ),
      },
    ],
    [busy, onRevoke],
  );
  return (
    <DataTable
      rows={shares}
      columns={columns}
      rowKey={(s) => s.id}
      rowProps={(s) => ({ 'data-share-id': s.id })}
      label={t('navShares')}
      exportName="share-links"
    />
  );
}

/** Revoking a share after the user confirms it; `done` says what was revoked. */
function useRevoke(reload: () => void) {
  const { api } = useDashboard();
  const { busy, error, run } = useAction();
  const { dialog, ask } = useConfirm();
  const [done, setDone] = useState('');
  const revoke = async (s: NamedShare) => {
    const yes = await ask({
      title: t('dashSharesRevokeTitle', s.name),
      body: <p>{t(s.kind === 'crawl' ? 'dashSharesRevokeBodyCrawl' : 'dashSharesRevokeBodyAudit', when(s.expires_at))}</p>,
      confirm: t('dashSharesRevokeLink'),
      keep: t('dashSharesKeepLink'),
    });
    if (!yes) return;
    setDone('');
    if ((await run(s.id, () => api.del(`/shares/${encodeURIComponent(s.id)}`))).ok) setDone(t('dashSharesRevoked', s.name));
    reload();
  };
  return { busy, error, dialog, done, revoke };
}

/** A share with what a person knows it by: the page or site its report is about ('' when it cannot be read). */
type NamedShare = ShareSummary & { name: string; url: string };

/** The live shares, each named after its audit's page or its crawl's site (read beside the list, at most 100). */
async function readNamedShares(api: ApiClient): Promise<ApiResult<{ shares: NamedShare[] }>> {
  const res = await api.get<{ shares: ShareSummary[] }>('/shares');
  if (!res.ok) return res;
  const shares = await Promise.all(res.data.shares.slice(0, 100).map(async (s) => ({ ...s, ...(await targetName(api, s)) })));
  return { ...res, data: { shares } };
}

/**
 * "audit of example.com/pricing, 28 Nov 2026", "site audit of example.com, 28 Nov 2026": what and when, so two links
 * to one site differ; the kind and the id's start when the target cannot be read. The URL lets the Client filter match it.
 */
async function targetName(api: ApiClient, s: ShareSummary): Promise<{ name: string; url: string }> {
  const id = encodeURIComponent(s.target_id);
  if (s.kind === 'crawl') {
    const res = await api.get<{ crawl: { url: string; created_at: string } }>(`/crawls/${id}`);
    return res.ok
      ? { name: t('dashShareNameCrawl', displayUrl(res.data.crawl.url), formatDate(res.data.crawl.created_at)), url: res.data.crawl.url }
      : { name: t('dashShareIdCrawl', s.target_id.slice(0, 8)), url: '' };
  }
  const res = await api.get<{ audit: { url: string; final_url?: string | null; scanned_at: string } }>(`/audits/${id}`);
  if (!res.ok) return { name: t('dashShareIdAudit', s.target_id.slice(0, 8)), url: '' };
  const url = res.data.audit.final_url || res.data.audit.url;
  return { name: t('dashShareNameAudit', displayUrl(url), formatDate(res.data.audit.scanned_at)), url };
}

/** "Audit of example.com/pricing", for the table. */
function shareName(s: NamedShare): string {
  return s.name.charAt(0).toUpperCase() + s.name.slice(1);
}
