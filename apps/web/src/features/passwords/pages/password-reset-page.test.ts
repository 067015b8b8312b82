import { passwordMessages } from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeRequest, routeFetch } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

const renderAt = (address: string) => renderRoute(address);
/** The visitor is signed out: the header's own call answers 401. */
const signedOut =
  (handler: (request: FakeRequest) => FakeAnswer | undefined) =>
  (request: FakeRequest): FakeAnswer | undefined =>
    request.path === '/api/users/me' ? { status: 401, body: { error: 'Unauthorized', message: 'Unauthorized' } } : handler(request);

describe('the page behind a reset link (issue 35)', () => {
  it.each([
    ['expired', passwordMessages.resetLinkExpired],
    ['used', passwordMessages.resetLinkUsed],
    ['invalid', passwordMessages.resetLinkInvalid],
  ] as const)('says clearly when the link is %s, and offers no form', async (state, text) => {
    const requests = routeFetch(signedOut(({ path }) => (path === '/api/password-reset/check' ? { body: { state, expiresAt: null } } : undefined)));
    renderAt(`/password-reset#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    // The secret went in the body of a POST, never in an address.
    expect(requests.filter((request) => request.path === '/api/password-reset/check').map((request) => request.body)).toEqual([{ token: TOKEN }]);
  });

  it('without a token asks for the whole link and calls nothing', async () => {
    const requests = routeFetch(signedOut(() => undefined));
    renderAt('/password-reset');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page needs the link from the password reset email.');
    expect(requests.filter((request) => request.path.startsWith('/api/password-reset'))).toEqual([]);
  });

  it('sets the new password of a valid link and says what happened', async () => {
    const requests = routeFetch(signedOut(({ method, path }) => {
      if (path === '/api/password-reset/check') return { body: { state: 'valid', expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() } };
      if (method === 'POST' && path === '/api/password-reset') return { status: 204 };
      return undefined;
    }));
    renderAt(`/password-reset#token=${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('New password'), 'Zima-2027-klucz');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'Zima-2027-klucz');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(passwordMessages.resetDone);
    expect(requests.find((request) => request.path === '/api/password-reset')?.body).toEqual({ token: TOKEN, newPassword: 'Zima-2027-klucz', confirmPassword: 'Zima-2027-klucz' });
  });
});
