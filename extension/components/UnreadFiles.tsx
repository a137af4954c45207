import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { AuditNotes } from '../lib/audit/audit-notes.js';
import { describeScope } from '../lib/access/describe-scope.js';
import { t } from '../lib/i18n/t.js';

/**
 * Site files the browser would not let Citable read, and the one click that fixes it: asking for
 * access to the site(s) they live on, then auditing again.
 */
export function UnreadFiles({ notes, onGranted }: { notes: AuditNotes | undefined; onGranted: () => void }) {
  const [state, setState] = useState<'ask' | 'granted' | 'declined'>('ask');
  const origins = notes?.accessOrigins ?? [];
  const heldAlready = !!notes?.accessHeld;
  useEffect(() => {
    // Granted since this audit ran (a popup closed by the prompt, say): offer to audit again.
    if (!origins.length || heldAlready) return;
    void browser.permissions.contains({ origins }).then(
      (has) => has && setState('granted'),
      () => undefined,
    );
  }, [origins.join(' '), heldAlready]);
  if (!notes?.unread.length) return null;

  // permissions.request must be the first await of the click (Firefox refuses it otherwise).
  const allow = () => {
    void browser.permissions.request({ origins }).then(
      (granted) => {
        setState(granted ? 'granted' : 'declined');
        if (granted) onGranted();
      },
      () => setState('declined'),
    );
  };
  const names = notes.unread.map((f) => f.label).join(', ');
  return (
    <section class="notice notice-info unread" aria-labelledby="h-unread" data-testid="unread-files">
      <h2 id="h-unread">{t('unreadTitle', names)}</h2>
      <ul class="small">
        {notes.unread.map((f) => (
          <li key={f.url}>{t(isSameSite(f.url, origins) ? 'unreadRedirects' : 'unreadOtherSite', f.url)}</li>
        ))}
      </ul>
      <p class="small">{t('unreadNothingJudged')}</p>
      {heldAlready && <p class="small">{t('unreadHeldAlready', describeScope(origins))}</p>}
      {origins.length > 0 && !heldAlready && state !== 'granted' && (
        <button type="button" onClick={allow} data-testid="allow-reading">
          {t('unreadAllow', describeScope(origins))}
        </button>
      )}
      {state === 'granted' && (
        <p class="small">
          {t('unreadGranted')}{' '}
          <button type="button" class="secondary small" onClick={onGranted}>
            {t('wbAuditAgain')}
          </button>
        </p>
      )}
      {state === 'declined' && <p class="small">{t('unreadDeclined')}</p>}
    </section>
  );
}

function isSameSite(url: string, origins: string[]): boolean {
  try {
    return !origins.includes(`${new URL(url).origin}/*`);
  } catch {
    return false;
  }
}
