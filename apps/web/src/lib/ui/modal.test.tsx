import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Harness() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      <Modal
        isOpen={isOpen}
        title="Confirm"
        onClose={() => setIsOpen(false)}
        actions={
          <>
            <button type="button" onClick={() => setIsOpen(false)}>
              Yes
            </button>
            <button type="button" data-autofocus onClick={() => setIsOpen(false)}>
              No
            </button>
          </>
        }
      >
        <p>Are you sure?</p>
        <a href="#details">Details</a>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog named by its title, with focus on the marked control', async () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Are you sure?');
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
  });

  it('keeps Tab inside the dialog in both directions', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));

    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Details' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Details' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the control that opened it', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus back after closing with a button as well', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("with initialFocus='title' starts on the heading, so a long text is read from its top; Tab and Shift+Tab stay inside", async () => {
    function Letter() {
      const [isOpen, setIsOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setIsOpen(true)}>
            Open
          </button>
          <Modal
            isOpen={isOpen}
            title="Letter"
            initialFocus="title"
            onClose={() => setIsOpen(false)}
            actions={
              <button type="button" onClick={() => setIsOpen(false)}>
                Close
              </button>
            }
          >
            <p>{'A long letter. '.repeat(300)}</p>
          </Modal>
        </>
      );
    }
    render(<Letter />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const heading = screen.getByRole('heading', { name: 'Letter' });
    expect(heading).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });
});
