import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BusyButton } from './busy-button';

function Form({ onSubmit, busy }: { onSubmit: () => void; busy: boolean }) {
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label>
        Subject
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <BusyButton type="submit" busy={busy}>
        {busy ? 'Sending...' : 'Submit'}
      </BusyButton>
    </form>
  );
}

describe('BusyButton', () => {
  it('while busy is announced as unavailable and busy but stays enabled, so focus stays on it', () => {
    render(<Form busy onSubmit={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Sending...' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    button.focus();
    expect(button).toHaveFocus();
  });

  it('while busy sends nothing, by click or by Enter in a field', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Form busy onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Sending...' }));
    await user.type(screen.getByLabelText('Subject'), 'x{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(<Form busy={false} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
