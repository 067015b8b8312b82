import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dismissKey, NOTIFICATION_TIMEOUT_MS, NOTIFICATIONS_SHOWN_MAX, NotificationRegion, notify } from './notifications';

describe('notifications', () => {
  it('announces an error as an alert and a success or an information politely, as a status', () => {
    render(<NotificationRegion />);
    act(() => {
      notify('Letter created successfully!', 'success');
      notify('Failed to create letter.', 'error');
      notify('Copied: account number', 'info');
    });

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to create letter.');
    expect(alert).toHaveClass('notification--error');
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual([
      expect.stringContaining('Letter created successfully!'),
      expect.stringContaining('Copied: account number'),
    ]);
    expect(statuses[0]).toHaveClass('notification--success');
    expect(statuses[1]).toHaveClass('notification--info');
  });

  it('can be dismissed', async () => {
    render(<NotificationRegion />);
    act(() => void notify('Password reset link sent to a@b.pl'));

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('hides itself after a few seconds', () => {
    vi.useFakeTimers();
    render(<NotificationRegion />);
    act(() => void notify('Conversation taken successfully!'));

    act(() => vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Conversation taken successfully!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('replaces the notification about the same action, so a failure never sits beside a stale success', () => {
    render(<NotificationRegion />);
    act(() => {
      notify('Letter created successfully!', 'success', { key: 'letters.create' });
      notify('Password reset link sent to a@b.pl', 'success', { key: 'auth.reset' });
    });
    act(() => void notify('Failed to create letter.', 'error', { key: 'letters.create' }));

    expect(screen.getByRole('status')).toHaveTextContent('Password reset link sent to a@b.pl');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create letter.');
  });

  it('removes what is shown about an action once it no longer holds, and nothing else', () => {
    render(<NotificationRegion />);
    act(() => {
      notify('Letter created successfully!', 'success', { key: 'letters.create' });
      notify('Password reset link sent to a@b.pl', 'success', { key: 'auth.reset' });
    });
    act(() => dismissKey('letters.create'));

    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([expect.stringContaining('Password reset link sent to a@b.pl')]);
  });

  it("replaces every older notification of the same form, whatever it was about, and leaves other forms' alone", () => {
    render(<NotificationRegion />);
    act(() => {
      notify('Only PDF files are allowed.', 'error', { key: 'cases.fileRefused', form: 'cases.form' });
      notify('Please fix the errors in the form.', 'error', { key: 'cases.fixErrors', form: 'cases.form' });
      notify('Letter created successfully!', 'success', { key: 'letters.create', form: 'letters.form' });
    });
    act(() => void notify('Case resolution created successfully!', 'success', { key: 'cases.create', form: 'cases.form' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
      expect.stringContaining('Letter created successfully!'),
      expect.stringContaining('Case resolution created successfully!'),
    ]);
  });

  it('keeps notifications without a key side by side', () => {
    render(<NotificationRegion />);
    act(() => {
      notify('Conversation taken successfully!');
      notify('Conversation taken successfully!');
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });

  it('shows only the newest few, so a pile never climbs up the screen', () => {
    render(<NotificationRegion />);
    act(() => {
      for (let index = 1; index <= NOTIFICATIONS_SHOWN_MAX + 2; index += 1) notify(`Copied ${index}`, 'info');
    });
    const shown = screen.getAllByRole('status').map((status) => status.textContent);
    expect(shown).toHaveLength(NOTIFICATIONS_SHOWN_MAX);
    expect(shown[shown.length - 1]).toContain(`Copied ${NOTIFICATIONS_SHOWN_MAX + 2}`);
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
