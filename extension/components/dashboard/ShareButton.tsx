import { useState } from 'preact/hooks';
import type { CreatedShare } from '../../lib/api/types.js';
import { useDashboard } from './context.js';
import { ActionError } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';
import { t } from '../../lib/i18n/t.js';
import { formatDate } from '../../lib/i18n/format.js';

/** "Create share link" for an audit or a crawl (`POST /{kind}s/{id}/share`): the link is shown once, with a copy button. */
export function ShareButton({ kind, id }: { kind: 'audit' | 'crawl'; id: string }) {
  const { api } = useDashboard();
  const { busy, error, run } = useAction();
  const [share, setShare] = useState<CreatedShare | null>(null);
  const [copied, setCopied] = useState(false);
  const create = async () => {
    const res = await run('share', () => api.post<{ share: CreatedShare }>(`/${kind}s/${encodeURIComponent(id)}/share`, {}));
    if (!res.ok) return;
    setShare(res.data.share);
    setCopied(
      await navigator.clipboard.writeText(res.data.share.url).then(
        () => true,
        () => false,
      ),
    );
  };
  return (
    <div class="share-box">
      <WriteButton onClick={() => void create()} busy={busy !== ''} class="secondary" action="share">
        {t('shareCreate')}
      </WriteButton>
      {error && <ActionError error={error} />}
      {share && (
        <p class="small" role="status" data-testid="share-link">
          {copied ? t('shareCopied') : t('shareLinkColon')}{' '}
          <input class="share-url" readOnly value={share.url} aria-label={t('wbShareLink')} onFocus={(e) => e.currentTarget.select()} />{' '}
          <span class="muted">{t('shareWorksUntil', formatDate(share.expires_at))}</span>
        </p>
      )}
    </div>
  );
}
