import type { ReactNode } from 'react';
import { Modal } from './modal';

type ConfirmDialogProps = {
  isOpen: boolean;
  /** The question as the dialog's heading and name ('Mark as resolved?'). */
  title: string;
  /** What happens on confirming, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Called by the cancel button and by Escape. */
  onCancel: () => void;
  /** While the confirmed action runs: the confirm button is disabled and may say `busyLabel`. */
  isBusy?: boolean;
  busyLabel?: string;
};

/**
 * A yes/no question on top of the accessible Modal. Focus starts on the cancel button, so an Enter
 * pressed by habit never confirms something that cannot be undone.
 */
export function ConfirmDialog({ isOpen, title, children, confirmLabel, cancelLabel, onConfirm, onCancel, isBusy = false, busyLabel }: ConfirmDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button--primary" disabled={isBusy} aria-busy={isBusy || undefined} onClick={onConfirm}>
            {isBusy && busyLabel ? busyLabel : confirmLabel}
          </button>
          <button type="button" className="button button--secondary" data-autofocus onClick={onCancel}>
            {cancelLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
