import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm, isBusy = false }: { onConfirm: () => void; isBusy?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Deactivate
      </button>
      <ConfirmDialog
        isOpen={isOpen}
        title="Deactivate Jan Kowalski?"
        confirmLabel="Yes"
        cancelLabel="No"
        busyLabel="Updating..."
        isBusy={isBusy}
        onConfirm={onConfirm}
        onCancel={() => setIsOpen(false)}
      >
        <p>He will not be able to log in.</p>
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks the question in a named modal dialog with focus on the safe answer', async () => {
    render(<Harness onConfirm={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Jan Kowalski?' });
    expect(dialog).toHaveTextContent('He will not be able to log in.');
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
  });

  it('confirms with the confirm button and cancels with No or Escape, giving focus back', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Deactivate' });

    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('cannot be confirmed twice while the action runs', async () => {
    render(<Harness onConfirm={() => {}} isBusy />);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
  });
});
