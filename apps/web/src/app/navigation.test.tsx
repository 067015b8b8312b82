import type { Role } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeAuthToken } from '../lib/auth-cookie';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n';
import { servicesByRole } from '../lib/service-links';
import { renderRoute, stubFetch } from '../test/render';
import { navigationLinks as linksByVisitor } from './navigation-links';
import { guardedRoutes } from './router';

function userWithRole(role: Role) {
  return { id: 1, username: 'someone', email: 's@example.org', firstName: 'Sam', lastName: 'Smith', role, phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true };
}

async function navigationLinks(name = 'Main navigation') {
  const nav = await screen.findByRole('navigation', { name });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('top navigation', () => {
  it('offers Home and Login to a visitor who is not logged in, without asking who they are', async () => {
    const fetchMock = stubFetch({});
    renderRoute('/');
    expect(await navigationLinks()).toEqual([
      ['Home', '/'],
      ['Login', '/login'],
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each<[Role, string[][]]>([
    ['USER', [['Home', '/'], ['Letter Service', '/user'], ['Financial Obligations', '/financial-obligations'], ['Case Service', '/createCase'], ['Login', '/login']]],
    ['EMPLOYEE', [['Home', '/'], ['Letter Service', '/employee'], ['Create Obligations', '/createObligations'], ['Create Case', '/createCase'], ['Login', '/login']]],
    ['ADMIN', [['Home', '/'], ['Manage Employees', '/admin'], ['Login', '/login']]],
  ])('follows the role %s from the current-user call', async (role, expected) => {
    storeAuthToken('token');
    stubFetch({ 'GET /api/users/me': { body: userWithRole(role) } });
    renderRoute('/');
    await screen.findByRole('link', { name: expected[1]?.[0] ?? '' });
    expect(await navigationLinks()).toEqual(expected);
  });

  it.each<Role>(['EMPLOYEE', 'ADMIN'])(
    'offers a %s who must still set up a second factor (STAFF_2FA=required) only that set-up (issue 35)',
    async (role) => {
      const claims = btoa(JSON.stringify({ sub: '7', enr: true })).replace(/=+$/, '');
      storeAuthToken(`e30.${claims}.sig`);
      stubFetch({ 'GET /api/users/me': { body: userWithRole(role) }, 'GET /api/two-factor': { body: { totp: false, passkeys: [], recoveryCodesLeft: 0, required: true, enrolmentPending: true } } });
      renderRoute('/');
      await screen.findByRole('link', { name: 'Set up two-factor sign-in' });
      expect(await navigationLinks()).toEqual([
        ['Home', '/'],
        ['Set up two-factor sign-in', '/account/two-factor'],
        ['Login', '/login'],
      ]);
    },
  );

  it('marks the current page', async () => {
    stubFetch({});
    renderRoute('/login');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('switches to Polish, remembers it and sets the document language', async () => {
    stubFetch({});
    renderRoute('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Polski' }));

    expect(await navigationLinks('Nawigacja główna')).toEqual([
      ['Strona główna', '/'],
      ['Logowanie', '/login'],
    ]);
    expect(document.documentElement.lang).toBe('pl');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pl');
  });
});

describe('routing', () => {
  it('shows the error page for an unknown route', async () => {
    stubFetch({});
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });
});

describe('pages for the wrong visitor and unknown addresses', () => {
  it('tells a visitor who is not logged in that the page needs a sign-in and offers the login page that returns to it (issue 35)', async () => {
    stubFetch({});
    renderRoute('/employee');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeInTheDocument();
    expect(main).toHaveTextContent('This page is for signed-in users of the portal. Log in and you will come straight back to it.');
    expect(within(main).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Log in', '/login?next=%2Femployee']]);
    expect(document.title).toBe('Sign in to continue - City Service Portal');
  });

  it("tells a signed-in person whom the page is for and offers the home page", async () => {
    storeAuthToken('token');
    stubFetch({ 'GET /api/users/me': { body: userWithRole('USER') } });
    renderRoute('/employee');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeInTheDocument();
    expect(main).toHaveTextContent('Your account (Citizen) cannot open this page. It is open to: Employee and Administrator.');
    expect(within(main).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Go to the home page', '/']]);
  });

  it('says that an unknown address does not exist and links home, titled in the current language', async () => {
    stubFetch({});
    renderRoute('/no-such-page');
    expect(await screen.findByText('The page you asked for does not exist. Check the address, or start again from the home page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found - City Service Portal');
    await userEvent.click(screen.getByRole('button', { name: 'Polski' }));
    expect(document.title).toBe('Nie znaleziono strony - Portal Usług Miejskich');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Nieoczekiwany błąd aplikacji!');
  });
});

describe('links offered to each role', () => {
  it('lead only to screens the role may open (the welcome view and the navigation agree with the route guards)', () => {
    for (const role of ['USER', 'EMPLOYEE', 'ADMIN'] as const) {
      for (const link of [...servicesByRole[role], ...linksByVisitor[role]]) {
        if (link.to === '/' || link.to === '/login') continue;
        const route = guardedRoutes.find((candidate) => candidate.path === link.to);
        expect(route?.roles, `${role} -> ${link.to}`).toContain(role);
      }
    }
  });
});
