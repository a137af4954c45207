import type { ComponentChildren } from 'preact';

/** "Loading …": announced politely, marked busy. */
export function Loading({ what }: { what: string }) {
  return (
    <p class="state state-loading" role="status" aria-busy="true">
      Loading {what}…
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
        <strong>Could not load {what}.</strong> {error}
      </p>
      {onRetry && (
        <button type="button" class="secondary small" onClick={onRetry}>
          Try again
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
