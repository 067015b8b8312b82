import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { renderRoute, stubFetch } from '../../../test/render';

const citizen = { id: 1, username: 'anowak', email: 'a@example.org', firstName: 'Anna', lastName: 'Nowak', role: 'USER', phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true };

describe('the notification settings screen', () => {
  it('shows each email category as stored and saves a switch at once', async () => {
    storeAuthToken('token');
    const fetchMock = stubFetch({
      'GET /api/users/me': { body: citizen },
      'GET /api/notification-settings': { body: { replies: true, status: false, obligations: true } },
      'PUT /api/notification-settings': { body: { replies: true, status: false, obligations: false } },
    });
    renderRoute('/notification-settings');

    const obligations = await screen.findByRole('checkbox', { name: 'New obligations and payment reminders' });
    expect(obligations).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Status changes of my letters and cases' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New replies in my conversations' })).toBeChecked();

    await userEvent.click(obligations);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'New obligations and payment reminders' })).not.toBeChecked();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts.map(([, init]) => init?.body)).toEqual(['{"obligations":false}']);
  });

  it('says so when the settings cannot be loaded', async () => {
    storeAuthToken('token');
    stubFetch({
      'GET /api/users/me': { body: citizen },
      'GET /api/notification-settings': { status: 500, body: { error: 'InternalServerError', message: 'Something went wrong.' } },
    });
    renderRoute('/notification-settings');
    expect(await screen.findByText('Your settings could not be loaded. Try again later.')).toBeInTheDocument();
  });
});
