import type { ComponentChildren } from 'preact';
import { useDashboard } from './context.js';
import { t } from '../../lib/i18n/t.js';

/**
 * A button that changes something on the backend: disabled, with the reason, when the key is read-only
 * (the server would answer 403) or while what the key may do is still being learnt.
 */
export function WriteButton(props: {
  onClick?: () => void;
  type?: 'button' | 'submit';
  busy?: boolean;
  class?: string;
  /** Words a screen reader hears after the visible label ("Run now" + "the monitor of example.com/"): the name starts with what is seen. */
  context?: string;
  action?: string;
  children: ComponentChildren;
}) {
  const { caps } = useDashboard();
  const refused = caps === null ? t('writeChecking') : caps.canWrite ? '' : caps.readOnlyReason;
  return (
    <button
      type={props.type ?? 'button'}
      class={props.class}
      onClick={props.onClick}
      disabled={!!refused || props.busy}
      title={refused || undefined}
      aria-describedby={refused && caps ? 'read-only-note' : undefined}
      data-action={props.action}
      data-write=""
    >
      {props.children}
      {props.context && <span class="sr-only"> {props.context}</span>}
    </button>
  );
}
