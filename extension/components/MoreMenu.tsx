import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

let menus = 0;

/**
 * The popup's secondary actions behind one button (a disclosure: the button says whether the list is open,
 * Escape closes it and gives focus back to the button, choosing an item closes it). The list opens in the
 * page's flow, not over it, so nothing is cut off in a small popup or at 200 % zoom.
 */
export function MoreMenu({ label, children }: { label: string; children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  const [id] = useState(() => `menu-${++menus}`);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) list.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div class="more-menu">
      <button
        ref={toggle}
        type="button"
        class="secondary"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={id}
        data-action="menu"
        onClick={() => setOpen(!open)}
      >
        {label} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div
        ref={list}
        id={id}
        class="menu-list"
        role="group"
        aria-label={label}
        hidden={!open}
        onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), close())}
        // An item was chosen: the list closes and focus returns to the button (what it did is announced below).
        onClick={(e) => (e.target as HTMLElement).closest('button:not(:disabled)') && close()}
      >
        {children}
      </div>
    </div>
  );
}

/** One action of the menu; a disabled one says why in visible text, not only in a tooltip. */
export function MenuItem({
  action,
  onClick,
  disabled,
  why,
  children,
}: {
  action: string;
  onClick: () => void;
  disabled?: boolean | undefined;
  why?: string | undefined;
  children: ComponentChildren;
}) {
  const whyId = why ? `why-${action}` : undefined;
  return (
    <div class="menu-item">
      <button type="button" class="menu-button" onClick={onClick} disabled={disabled} data-action={action} aria-describedby={whyId}>
        {children}
      </button>
      {why && (
        <p id={whyId} class="muted small menu-why">
          {why}
        </p>
      )}
    </div>
  );
}
