import type { ComponentChildren } from 'preact';
import type { Load } from './use-api.js';
import { t } from '../../lib/i18n/t.js';

/** "Loading …": announced politely, marked busy. */
export function Loading({ what }: { what: string }) {
  return (
    <p class="state state-loading" role="status" aria-busy="true">
      {t('stateLoading', what)}
    </p>
  );
}

/** Nothing to show yet, and what would fill it. */
export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="state state-empty" data-state="empty">
      <p>
        <strong>{title}</strong>
      </p>
      {children}
    </div>
  );
}

/** The backend's own `{error}` message, and a way to try again. */
export function ErrorState({ what, error, onRetry }: { what: string; error: string; onRetry?: () => void }) {
  return (
    <div class="state state-error" role="alert" data-state="error">
      <p>
        <strong>{t('stateCouldNotLoad', what)}</strong> {error}
      </p>
      {onRetry && (
        <button type="button" class="secondary small" onClick={onRetry}>
          {t('stateTryAgain')}
        </button>
      )}
    </div>
  );
}

/** A write's failure, inline beside the form or button that made it. */
export function ActionError({ error }: { error: string }) {
  return (
    <p class="action-error" role="alert">
      {error}
    </p>
  );
}

/**
 * A list read from the backend in its four states: loading, the backend's error (with "Try again"), empty,
 * or its items handed to `children`. Every list view of the dashboard shows them the same way.
 */
export function ListStates<T, I>({
  load,
  what,
  items,
  empty,
  onRetry,
  children,
}: {
  load: Load<T>;
  what: string;
  items: (data: T) => readonly I[];
  empty: string;
  onRetry?: () => void;
  children: (items: readonly I[]) => ComponentChildren;
}) {
  if (load.state === 'loading') return <Loading what={what} />;
  if (load.state === 'error') return <ErrorState what={what} error={load.error} onRetry={onRetry} />;
  const list = items(load.data);
  return list.length === 0 ? <Empty title={empty} /> : <>{children(list)}</>;
}
