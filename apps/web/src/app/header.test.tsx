import type { Role } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { hasAuthToken, pageReloader, storeAuthToken } from '../lib/auth-cookie';
import { renderRoute, stubFetch } from '../test/render';

function user(role: Role) {
  return { id: 1, username: 'someone', email: 's@example.org', firstName: 'Sam', lastName: 'Smith', role, phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true };
}

const header = () => screen.getByRole('banner');

describe('the header says who is signed in', () => {
  it.each<[Role, string, string]>([
    // Polish names the kind of account: no masculine noun for a person of unknown gender.
    ['USER', 'Citizen', 'konto mieszkańca'],
    ['EMPLOYEE', 'Employee', 'konto pracownika'],
    ['ADMIN', 'Administrator', 'konto administratora'],
  ])('shows the name and the role %s in words, in English and Polish', async (role, english, polish) => {
    storeAuthToken('token');
    stubFetch({ 'GET /api/users/me': { body: user(role) } });
    renderRoute('/');
    expect(await within(header()).findByText('Sam Smith')).toBeInTheDocument();
    expect(header()).toHaveTextContent(`Signed in as Sam Smith (${english})`);

    await userEvent.click(within(header()).getByRole('button', { name: 'Polski' }));
    expect(header()).toHaveTextContent(`Zalogowano jako Sam Smith (${polish})`);
    expect(within(header()).getByRole('button', { name: 'Wyloguj' })).toBeInTheDocument();
  });

  it('remembers a signed-in person\'s language on the account (their emails follow it)', async () => {
    storeAuthToken('token');
    const fetchMock = stubFetch({ 'GET /api/users/me': { body: user('USER') }, 'PUT /api/users/me/language': { body: { language: 'pl' } } });
    renderRoute('/');
    await within(header()).findByText('Sam Smith');
    await userEvent.click(within(header()).getByRole('button', { name: 'Polski' }));
    const saved = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/users/me/language'));
    expect(saved.map(([, init]) => [init?.method, init?.body])).toEqual([['PUT', '{"language":"pl"}']]);
  });

  it('logs out from the header: the cookie goes and the page reloads about 100 ms later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    storeAuthToken('token');
    stubFetch({ 'GET /api/users/me': { body: user('USER') } });
    renderRoute('/user');
    await userEvent.click(await within(header()).findByRole('button', { name: 'Logout' }));

    expect(hasAuthToken()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('offers a visitor who is not logged in a way to log in, and no Logout', async () => {
    stubFetch({});
    renderRoute('/');
    const logIn = await within(header()).findByRole('link', { name: 'Log in' });
    expect(logIn).toHaveAttribute('href', '/login');
    expect(within(header()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows one signed-out state, Log in without Logout, once the API refuses the stored session (a closed account, issue 35)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeAuthToken('expired');
    stubFetch({ 'GET /api/users/me': { status: 401, body: { error: 'Unauthorized', message: 'Authentication is required.' } } });
    renderRoute('/');
    expect(await within(header()).findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(header()).queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(hasAuthToken()).toBe(false);
  });

  it('keeps Logout beside Log in when the session cannot be checked (the API unreachable): it may still be good', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeAuthToken('maybe-good');
    stubFetch({ 'GET /api/users/me': { status: 503, body: { error: 'Service Unavailable', message: 'Try again later.' } } });
    renderRoute('/');
    expect(await within(header()).findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(hasAuthToken()).toBe(true);
  });
});

describe('the Menu button of the navigation', () => {
  it('is a disclosure: it says whether the links are shown, Escape folds them and returns focus', async () => {
    stubFetch({});
    renderRoute('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    const list = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(list).toBe(within(nav).getByRole('list'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveClass('top-nav__list--open');

    within(nav).getByRole('link', { name: 'Login' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('folds the links again once one is followed', async () => {
    stubFetch({});
    renderRoute('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    menu.focus();
    await userEvent.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(within(nav).getByRole('link', { name: 'Login' }));
    expect(await screen.findByText('Log in to start using services')).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
