import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { AuditNotes } from '../lib/audit/audit-notes.js';
import { describeScope } from '../lib/access/describe-scope.js';

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
      <h2 id="h-unread">{names} could not be read from the browser</h2>
      <ul class="small">
        {notes.unread.map((f) => (
          <li key={f.url}>
            <span class="url-inline">{f.url}</span> answered, but the browser does not let Citable read it
            {isSameSite(f.url, origins) ? ' (it redirects to another address)' : ' (it is on another site)'}.
          </li>
        ))}
      </ul>
      <p class="small">Nothing is judged from these files: no crawler counts as blocked and their checks are left out.</p>
      {heldAlready && (
        <p class="small">
          Citable already may read {describeScope(origins)}: the file redirects to a site outside it, which the browser does not name. The
          Citable server or CLI can read it.
        </p>
      )}
      {origins.length > 0 && !heldAlready && state !== 'granted' && (
        <button type="button" onClick={allow} data-testid="allow-reading">
          Allow reading {describeScope(origins)}
        </button>
      )}
      {state === 'granted' && (
        <p class="small">
          Access granted.{' '}
          <button type="button" class="secondary small" onClick={onGranted}>
            Audit again
          </button>
        </p>
      )}
      {state === 'declined' && <p class="small">Access was not granted; the files stay unread. The Citable server or CLI can read them.</p>}
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
