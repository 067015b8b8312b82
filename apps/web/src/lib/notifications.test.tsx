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

  it('replaces the notification about the same action, so a failure never sits beside a stale success', () => {
    render(<NotificationRegion />);
    act(() => {
      notify('Letter created successfully!', 'success', { key: 'letters.create' });
      notify('Password reset link sent to a@b.pl', 'success', { key: 'auth.reset' });
    });
    act(() => void notify('Failed to create letter.', 'error', { key: 'letters.create' }));

    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('Password reset link sent to a@b.pl'),
      expect.stringContaining('Failed to create letter.'),
    ]);
  });

  it('keeps notifications without a key side by side', () => {
    render(<NotificationRegion />);
    act(() => {
      notify('Conversation taken successfully!');
      notify('Conversation taken successfully!');
    });
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it("does not let the replaced notification's timer hide the new one early", () => {
    vi.useFakeTimers();
    render(<NotificationRegion />);
    act(() => void notify('Letter created successfully!', 'success', { key: 'letters.create' }));
    act(() => vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS - 1000));
    act(() => void notify('Failed to create letter.', 'error', { key: 'letters.create' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create letter.');
  });
});
