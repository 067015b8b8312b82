import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeAuthToken } from '../../../../lib/auth-cookie';
import { renderRoute } from '../../../../test/render';
import { type FakeRequest, routeFetch } from '../../../../test/fetch';
// The route loads the page lazily: loaded here, the first find does not wait on compiling it.
import './two-factor-page';

// Issue 34: adding or renewing a second factor asks for the password again; a wrong one is said under the field.

const anna = { id: 4, username: 'anowak', email: 'anowak@example.org', firstName: 'Anna', lastName: 'Nowak', role: 'USER', phoneNumber: '501234567', dateOfBirth: '1990-04-01', enabled: true };
const wrongPassword = { status: 400, body: { error: 'BadRequest', message: 'That password is not right.', fields: { password: 'That password is not right.' } } };
const codes = ['7KQ2M-X9D4T', 'A1B2C-D3E4F', 'G5H6J-K7M8N', 'P9Q0R-S1T2V', 'W3X4Y-Z5A6B', 'C7D8E-F9G0H', 'J1K2M-N3P4Q', 'R5S6T-V7W8X', 'Y9Z0A-B1C2D', 'E3F4G-H5J6K'];

function signedIn(status: { totp: boolean; recoveryCodesLeft: number }, answer: (request: FakeRequest) => { status?: number; body?: unknown } | undefined) {
  storeAuthToken('token');
  return routeFetch((request) => {
    if (request.path === '/api/users/me') return { body: anna };
    if (request.method === 'GET' && request.path === '/api/two-factor') return { body: { ...status, passkeys: [], required: false, enrolmentPending: false } };
    return answer(request);
  });
}

async function passwordDialog(button: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  return { dialog, password: within(dialog).getByLabelText('Your password') };
}

describe('two-factor set-up page', () => {
  it('asks for the password before it sets up an app, says a wrong one under the field, and shows the QR code after the right one', async () => {
    const requests = signedIn({ totp: false, recoveryCodesLeft: 0 }, (request) => {
      if (request.path !== '/api/two-factor/totp/setup') return undefined;
      return (request.body as { password: string }).password === 'Citizen123' ? { body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Portal:anowak?secret=JBSWY3DPEHPK3PXP' } } : wrongPassword;
    });
    renderRoute('/account/two-factor');
    const { dialog, password } = await passwordDialog('Set up an authenticator app');

    await userEvent.type(password, 'Wrong12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await screen.findByText('That password is not right.');
    expect(password).toHaveAccessibleDescription('That password is not right.');
    expect(screen.queryByTestId('totp-secret')).not.toBeInTheDocument();

    await userEvent.clear(password);
    await userEvent.type(password, 'Citizen123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/two-factor/totp/setup').map((r) => r.body)).toEqual([{ password: 'Wrong12345' }, { password: 'Citizen123' }]);
  }, 20_000);

  it('renews the recovery codes only with the password', async () => {
    const requests = signedIn({ totp: true, recoveryCodesLeft: 3 }, (request) => {
      if (request.path !== '/api/two-factor/recovery-codes') return undefined;
      return (request.body as { password: string }).password === 'Citizen123' ? { body: { recoveryCodes: codes } } : wrongPassword;
    });
    renderRoute('/account/two-factor');
    const { dialog, password } = await passwordDialog('Get new recovery codes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get new codes' }));
    expect(password).toHaveAccessibleDescription('Enter your password to confirm.');
    expect(requests.some((r) => r.path === '/api/two-factor/recovery-codes')).toBe(false);

    await userEvent.type(password, 'Citizen123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get new codes' }));
    expect(await screen.findByText('7KQ2M-X9D4T')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/two-factor/recovery-codes').map((r) => r.body)).toEqual([{ password: 'Citizen123' }]);
  }, 20_000);
});
