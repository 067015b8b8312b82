import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';

type ModalProps = {
  isOpen: boolean;
  /** Shown as the dialog's heading and used as its accessible name. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The dialog's buttons, shown under the content. */
  actions: ReactNode;
  /**
   * Where focus starts: the control marked `data-autofocus` (else the first one), or the title,
   * so a long text is read from its top (on a phone the first control sits under all of it).
   */
  initialFocus?: 'control' | 'title';
  /**
   * 'alertdialog' for a warning that needs an answer (the session time-out): screen readers then
   * read the body too as the dialog opens (aria-describedby), not only its title.
   */
  role?: 'dialog' | 'alertdialog';
};

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * A modal dialog on the native <dialog> (showModal makes the page behind it inert): labelled by its
 * title, focus moves to the control marked `data-autofocus` (else the first one) on open and back to the opener on close, Escape closes,
 * and Tab cycles inside it.
 */
export function Modal(props: ModalProps) {
  return props.isOpen ? <OpenModal {...props} /> : null;
}

function OpenModal({ title, onClose, children, actions, initialFocus = 'control', role }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Read once when the dialog opens: a later change must not move the reader's focus.
  const startOnTitle = useRef(initialFocus === 'title');
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom (unit tests) has no showModal; the open attribute shows it there.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const first =
      startOnTitle.current
        ? titleRef.current
        : (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(`.modal__body ${FOCUSABLE}, .modal__actions ${FOCUSABLE}`));
    (first ?? dialog).focus();
    if (startOnTitle.current) dialog.scrollTop = 0;
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget || active === titleRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // The browser's own close request (Escape): React state decides whether the dialog is open.
    event.preventDefault();
    onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={role === 'alertdialog' ? bodyId : undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
    >
      <h2 id={titleId} ref={titleRef} tabIndex={initialFocus === 'title' ? -1 : undefined} className="modal__title">
        {title}
      </h2>
      <div id={bodyId} className="modal__body">
        {children}
      </div>
      <div className="modal__actions button-row">{actions}</div>
    </dialog>
  );
}
