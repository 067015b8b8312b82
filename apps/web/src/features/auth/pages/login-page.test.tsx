import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { hasAuthToken, pageReloader, readAuthToken, storeAuthToken } from '../../../lib/auth-cookie';
import { twoFactorMessages } from '@portal/contract';
import { renderRoute, stubFetch } from '../../../test/render';

/** GET /api/two-factor of an account without a second factor: the welcome view's reminder (issue 21). */
const noSecondFactor = { body: { totp: false, passkeys: [], recoveryCodesLeft: 0, required: false, enrolmentPending: false } };

const anna = { id: 4, username: 'anowak', email: 'anowak@example.org', firstName: 'Anna', lastName: 'Nowak', role: 'USER', phoneNumber: '501234567', dateOfBirth: '1990-04-01', enabled: true };

async function openForms({ rendered = false } = {}) {
  if (!rendered) renderRoute('/login');
  await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
  const panel = screen.getByRole('tabpanel');
  // The forms' code loads after the welcome view (usually before the click): 'Loading...' until then.
  await within(panel).findByLabelText('Username');
  return panel;
}

describe('login page', () => {
  it('shows the welcome view with Login and Logout', async () => {
    stubFetch({});
    renderRoute('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service-Oriented System for Government Office Clients' })).toBeInTheDocument();
    expect(screen.getByText('Log in to start using services')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('puts each login message under its field', async () => {
    stubFetch({});
    const panel = await openForms();
    await userEvent.click(within(panel).getByRole('button', { name: 'Log in' }));

    const username = within(panel).getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Username is required');
    expect(within(panel).getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
  });

  it('logs in: stores the token, greets by first name with Login success! and reloads', async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    const fetchMock = stubFetch({ 'POST /login': { body: { tokenJWT: 'jwt-1' } }, 'GET /api/users/me': { body: anna }, 'GET /api/two-factor': noSecondFactor });
    const panel = await openForms();

    await userEvent.type(within(panel).getByLabelText('Username'), 'anowak');
    await userEvent.type(within(panel).getByLabelText('Password'), 'Citizen123');
    await userEvent.click(within(panel).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Welcome, Anna!')).toBeInTheDocument();
    expect(screen.getByText('Login success!')).toBeInTheDocument();
    expect(readAuthToken()).toBe('jwt-1');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"username":"anowak","password":"Citizen123"}');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('opened from a page that needs a sign-in: says so, shows the forms at once and loads that page after signing in (issue 35)', async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    const open = vi.spyOn(pageReloader, 'open').mockImplementation(() => {});
    stubFetch({ 'POST /login': { body: { tokenJWT: 'jwt-3' } }, 'GET /api/users/me': { body: anna }, 'GET /api/two-factor': noSecondFactor });
    renderRoute('/login?next=%2FcreateCase%3Fcase%3D4');
    expect(await screen.findByText('Log in to open the page you asked for. You will be taken there after signing in.')).toBeInTheDocument();
    expect(screen.getByText('Log in to start using services')).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    await userEvent.type(await within(panel).findByLabelText('Username'), 'anowak');
    await userEvent.type(within(panel).getByLabelText('Password'), 'Citizen123');
    await userEvent.click(within(panel).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Login success!')).toBeInTheDocument();
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('/createCase?case=4'));
    expect(reload).not.toHaveBeenCalled();
  });

  it.each(['%2F%2Fevil.example', '%2F%5Cevil.example', 'https%3A%2F%2Fevil.example', '%2Flogin'])(
    'follows no return address but a path of the portal (next=%s): plain welcome, reload after signing in',
    async (next) => {
      const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
      const open = vi.spyOn(pageReloader, 'open').mockImplementation(() => {});
      stubFetch({ 'POST /login': { body: { tokenJWT: 'jwt-4' } }, 'GET /api/users/me': { body: anna }, 'GET /api/two-factor': noSecondFactor });
      renderRoute(`/login?next=${next}`);
      expect(await screen.findByText('Log in to start using services')).toBeInTheDocument();
      expect(screen.queryByText(/You will be taken there/)).not.toBeInTheDocument();
      const panel = await openForms({ rendered: true });
      await userEvent.type(within(panel).getByLabelText('Username'), 'anowak');
      await userEvent.type(within(panel).getByLabelText('Password'), 'Citizen123');
      await userEvent.click(within(panel).getByRole('button', { name: 'Log in' }));
      await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
      expect(open).not.toHaveBeenCalled();
    },
  );

  it.each([
    [true, 'Two-factor sign-in is required for staff accounts. Set it up now to continue to your work.'],
    [false, "Staff accounts should use two-factor sign-in: it keeps citizens' letters safe even if your password leaks."],
  ])('tells a clerk without a second factor whether it is required (required: %s, issue 35)', async (required, reminder) => {
    vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    const clerk = { ...anna, id: 9, username: 'jkowalski', role: 'EMPLOYEE' };
    storeAuthToken('jwt-staff');
    stubFetch({ 'GET /api/users/me': { body: clerk }, 'GET /api/two-factor': { body: { totp: false, passkeys: [], recoveryCodesLeft: 0, required, enrolmentPending: required } } });
    renderRoute('/login');
    expect(await screen.findByText(reminder)).toBeInTheDocument();
  });

  it('asks an account with a second factor for a code, says a wrong one under the field, and signs in with the right one (issue 21)', async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    let attempts = 0;
    const fetchMock = stubFetch({
      'POST /login': { body: { secondFactor: { challenge: 'c'.repeat(32), methods: ['totp', 'recovery'], expiresInSeconds: 300 } } },
      'POST /login/second-factor': () =>
        (attempts += 1) === 1 ? { status: 401, body: { error: 'Unauthorized', message: twoFactorMessages.codeWrong } } : { body: { tokenJWT: 'jwt-2' } },
      'GET /api/users/me': { body: anna },
      'GET /api/two-factor': { body: { totp: true, passkeys: [], recoveryCodesLeft: 10, required: false, enrolmentPending: false } },
    });
    const panel = await openForms();
    await userEvent.type(within(panel).getByLabelText('Username'), 'anowak');
    await userEvent.type(within(panel).getByLabelText('Password'), 'Citizen123');
    await userEvent.click(within(panel).getByRole('button', { name: 'Log in' }));

    const code = await screen.findByLabelText('Code');
    expect(code).toHaveFocus();
    expect(readAuthToken()).toBeUndefined();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(twoFactorMessages.codeWrong)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Welcome, Anna!')).toBeInTheDocument();
    expect(readAuthToken()).toBe('jwt-2');
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/login/second-factor')).map(([, init]) => init?.body);
    expect(sent.at(-1)).toBe(`{"challenge":"${'c'.repeat(32)}","code":"123456"}`);
    expect(await screen.findByText('Two-factor sign-in is on for your account.')).toBeInTheDocument();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('offers a new sign-in once the challenge took its wrong codes, and says a paused account\'s message (issue 34)', async () => {
    const answers = [
      { status: 401, body: { error: 'Unauthorized', message: twoFactorMessages.challengeSpent } },
      { status: 429, body: { error: 'SecondFactorPaused', message: twoFactorMessages.codesPaused } },
    ];
    stubFetch({
      'POST /login': { body: { secondFactor: { challenge: 'c'.repeat(32), methods: ['totp', 'recovery'], expiresInSeconds: 300 } } },
      'POST /login/second-factor': () => answers.shift() ?? { status: 500 },
    });
    const panel = await openForms();
    await userEvent.type(within(panel).getByLabelText('Username'), 'anowak');
    await userEvent.type(within(panel).getByLabelText('Password'), 'Citizen123');
    await userEvent.click(within(panel).getByRole('button', { name: 'Log in' }));
    const code = await screen.findByLabelText('Code');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(twoFactorMessages.challengeSpent)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(twoFactorMessages.codesPaused)).toBeInTheDocument();
  });

  it('greets formally by full name in Polish (issue 9)', async () => {
    vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    stubFetch({ 'POST /login': { body: { tokenJWT: 'jwt-1' } }, 'GET /api/users/me': { body: anna }, 'GET /api/two-factor': noSecondFactor });
    const panel = await openForms();
    await userEvent.click(screen.getByRole('button', { name: 'Polski' }));

    await userEvent.type(within(panel).getByLabelText('Nazwa użytkownika'), 'anowak');
    await userEvent.type(within(panel).getByLabelText('Hasło'), 'Citizen123');
    await userEvent.click(within(panel).getByRole('button', { name: 'Zaloguj się' }));

    expect(await screen.findByText('Dzień dobry, Anna Nowak')).toBeInTheDocument();
  });

  it('returns silently to the welcome view when the login fails', async () => {
    stubFetch({ 'POST /login': { status: 401, body: { error: 'Unauthorized', message: 'Invalid username or password.' } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const panel = await openForms();

    await userEvent.type(within(panel).getByLabelText('Username'), 'anowak');
    await userEvent.type(within(panel).getByLabelText('Password'), 'Wrong1234');
    await userEvent.click(within(panel).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(screen.queryByRole('tablist')).not.toBeInTheDocument());
    expect(screen.getByText('Log in to start using services')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(hasAuthToken()).toBe(false);
  });

  it('reset only notifies and calls no server', async () => {
    const fetchMock = stubFetch({});
    await openForms();
    await userEvent.click(screen.getByRole('tab', { name: 'Reset' }));
    const resetPanel = screen.getByRole('tabpanel', { name: 'Reset' });

    await userEvent.click(await within(resetPanel).findByRole('button', { name: 'Send reset link' }));
    expect(within(resetPanel).getByLabelText('Email')).toHaveAccessibleDescription(expect.stringContaining('Email is required for password reset'));

    await userEvent.type(within(resetPanel).getByLabelText('Email'), 'anna@example.org');
    await userEvent.click(within(resetPanel).getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Password reset link sent to anna@example.org');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves between tabs with the arrow keys', async () => {
    stubFetch({});
    await openForms();
    const loginTab = screen.getByRole('tab', { name: 'Login' });
    expect(loginTab).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Reset' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Reset');
  });

  it('says under a name that it must be one line, and counts the spaces that were typed (issue 34)', async () => {
    stubFetch({});
    await openForms();
    await userEvent.click(screen.getByRole('tab', { name: 'Register' }));
    const panel = screen.getByRole('tabpanel');
    await userEvent.type(within(panel).getByLabelText('First name'), 'Anna\u2028Nowak');
    await userEvent.type(within(panel).getByLabelText('Last name'), `${' '.repeat(30)}x`);
    await userEvent.click(within(panel).getByRole('button', { name: 'Create account' }));

    expect(within(panel).getByLabelText('First name')).toHaveAccessibleDescription('Must be a single line of text without control characters.');
    expect(within(panel).getByLabelText('Last name')).toHaveAccessibleDescription('Last name cannot exceed 30 characters');
  });

  it('shows the messages in Polish after switching the language', async () => {
    stubFetch({});
    renderRoute('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Polski' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj' }));
    await userEvent.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Zaloguj się' }));

    expect(screen.getByLabelText('Nazwa użytkownika')).toHaveAccessibleDescription('Nazwa użytkownika jest wymagana');
  });

  it.each([
    ['USER', [['Letter Service', '/user'], ['Financial Obligations', '/financial-obligations'], ['Case Service', '/createCase']]],
    ['EMPLOYEE', [['Letter Service', '/employee'], ['Create Obligations', '/createObligations'], ['Create Case', '/createCase']]],
    [
      'ADMIN',
      [
        ['Manage Employees', '/admin'],
        ['Employee Dashboard', '/employee'],
        ['User Dashboard', '/user'],
        ['Financial Obligations', '/financial-obligations'],
        ['Create Obligations', '/createObligations'],
        ['Case Resolutions', '/createCase'],
      ],
    ],
  ])('welcomes a signed-in %s with links to the services of the role', async (role, expected) => {
    storeAuthToken('token');
    stubFetch({ 'GET /api/users/me': { body: { ...anna, role } }, 'GET /api/two-factor': noSecondFactor });
    renderRoute('/login');
    const services = await screen.findByRole('navigation', { name: 'Your services' });
    expect(screen.getByText('Login success!')).toBeInTheDocument();
    expect(within(services).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(expected);
  });
});
