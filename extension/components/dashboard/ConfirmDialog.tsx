import type { ComponentChildren, VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n/t.js';

/** What a destructive action asks before it runs: what it does, what is lost, and the words of its button. */
export interface ConfirmRequest {
  /** A question naming the thing: "Delete the webhook to hooks.example.com/x?". */
  title: string;
  /** What goes, and what the user's client or system will notice. */
  body: ComponentChildren;
  /** The button that does it: "Delete webhook". */
  confirm: string;
  /** The safe choice, which has focus first: "Keep it" unless given. */
  keep?: string;
}

interface Pending extends ConfirmRequest {
  answer: (yes: boolean) => void;
}

/**
 * `ask(request)` shows a modal dialog (the browser's own `<dialog>`: it keeps focus inside, Escape closes it,
 * and focus returns to the button that opened it) and resolves true only when the user confirms. The safe
 * choice has focus first, so Enter alone never destroys anything. Render `dialog` once in the view.
 */
export function useConfirm(): { dialog: VNode | null; ask: (request: ConfirmRequest) => Promise<boolean> } {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = (request: ConfirmRequest) => new Promise<boolean>((answer) => setPending({ ...request, answer }));
  const dialog = pending ? (
    <ConfirmDialog
      request={pending}
      onAnswer={(yes) => {
        setPending(null);
        pending.answer(yes);
      }}
    />
  ) : null;
  return { dialog, ask };
}

function ConfirmDialog({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (yes: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
    el?.querySelector<HTMLButtonElement>('[data-choice="keep"]')?.focus();
  }, []);
  const answer = (yes: boolean) => {
    if (answered.current) return;
    answered.current = true;
    ref.current?.close();
    onAnswer(yes);
  };
  return (
    <dialog
      ref={ref}
      class="confirm"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      data-testid="confirm"
      onClose={() => answer(false)}
    >
      <h2 id="confirm-title">{request.title}</h2>
      <div id="confirm-body">{request.body}</div>
      <div class="confirm-actions">
        <button type="button" class="secondary" data-choice="keep" onClick={() => answer(false)}>
          {request.keep ?? t('confirmKeep')}
        </button>
        <button type="button" class="danger" data-choice="confirm" onClick={() => answer(true)}>
          {request.confirm}
        </button>
      </div>
    </dialog>
  );
}

/**
 * What a write did, in words, where focus lands once it is done (the button that made it may be gone with
 * its row): a status line that takes focus when its text changes.
 */
export function DoneNote({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text) ref.current?.focus();
  }, [text]);
  if (!text) return null;
  return (
    <p ref={ref} class="ok done-note" role="status" tabIndex={-1} data-testid="done-note">
      {text}
    </p>
  );
}
