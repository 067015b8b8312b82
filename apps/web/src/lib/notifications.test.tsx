import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TIMEOUT_MS, NotificationRegion, notify } from './notifications';

describe('notifications', () => {
  it('shows the text in an alert with the kind as styling', () => {
    render(<NotificationRegion />);
    act(() => {
      notify('Letter created successfully!', 'success');
      notify('Failed to create letter.', 'error');
    });

    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('Letter created successfully!'),
      expect.stringContaining('Failed to create letter.'),
    ]);
    expect(alerts[0]).toHaveClass('notification--success');
    expect(alerts[1]).toHaveClass('notification--error');
  });

  it('can be dismissed', async () => {
    render(<NotificationRegion />);
    act(() => void notify('Password reset link sent to a@b.pl'));

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides itself after a few seconds', () => {
    vi.useFakeTimers();
    render(<NotificationRegion />);
    act(() => void notify('Conversation taken successfully!'));

    act(() => vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS - 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Conversation taken successfully!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
