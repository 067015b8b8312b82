import type { Role } from '@portal/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubFetch } from '../test/render';
import { storeAuthToken } from './auth-cookie';
import { currentUserQueryKey } from './current-user';
import { createQueryClient } from './query-client';
import { RequireRole } from './require-role';

function answerAs(role: Role) {
  return { body: { id: 1, username: 'x', email: 'x@example.org', firstName: 'X', lastName: 'Y', role, phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true } };
}

describe('role guard', () => {
  it('asks a visitor who is not logged in to sign in, with a login link that returns to the same address (issue 35)', async () => {
    stubFetch({});
    renderRoute('/createCase?case=4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unauthorized' })).not.toBeInTheDocument();
    expect(screen.getByText('This page is for signed-in users of the portal. Log in and you will come straight back to it.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2FcreateCase%3Fcase%3D4');
  });

  it("says 'Loading...' while the current user loads, then 'Unauthorized' to a USER on /employee", async () => {
    storeAuthToken('token');
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    stubFetch({ 'GET /api/users/me': answerAs('USER') });
    const stubbed = globalThis.fetch;
    globalThis.fetch = async (...args) => {
      await answered;
      return stubbed(...args);
    };

    renderRoute('/employee');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    release();
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });

  it.each<[string, Role]>([
    ['/employee', 'EMPLOYEE'],
    ['/employee', 'ADMIN'],
    ['/admin', 'ADMIN'],
    ['/createObligations', 'EMPLOYEE'],
    ['/user', 'USER'],
    ['/financial-obligations', 'USER'],
    ['/createCase', 'EMPLOYEE'],
  ])('lets %s through for %s', async (path, role) => {
    storeAuthToken('token');
    stubFetch({ 'GET /api/users/me': answerAs(role) });
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Unauthorized');
  });

  it.each<[string, Role]>([
    ['/admin', 'EMPLOYEE'],
    ['/admin', 'USER'],
    ['/createObligations', 'USER'],
  ])('keeps %s from %s', async (path, role) => {
    storeAuthToken('token');
    stubFetch({ 'GET /api/users/me': answerAs(role) });
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });

  it("keeps 'Loading...' after the current user is known until the page's code is in, then shows the page", async () => {
    storeAuthToken('token');
    stubFetch({ 'GET /api/users/me': answerAs('ADMIN') });
    let loaded = false;
    let arrive: () => void = () => {};
    const code = { preload: () => new Promise<void>((resolve) => (arrive = resolve)), isLoaded: () => loaded };
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <RequireRole roles={['ADMIN']} code={code}>
          <h1>The page</h1>
        </RequireRole>
      </QueryClientProvider>,
    );
    // The session answers; the code has not: still the loading line, never a half-drawn page.
    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toBeDefined());
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'The page' })).not.toBeInTheDocument();

    loaded = true;
    act(() => arrive());
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
  });

  it('shows the page when its code lands between the render that waited for it and that render’s effect', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, answerAs('ADMIN').body);
    storeAuthToken('token');
    stubFetch({ 'GET /api/users/me': answerAs('ADMIN') });
    let loaded = false;
    // Its promise never settles: only the guard's own check after the render can draw the page.
    const code = { preload: () => new Promise<void>(() => undefined), isLoaded: () => loaded };
    // A layout effect runs after the render is committed and before the guard's effect: the moment
    // a download finishing on a busy machine can fall into.
    function CodeLands() {
      useLayoutEffect(() => {
        loaded = true;
      }, []);
      return null;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <RequireRole roles={['ADMIN']} code={code}>
          <h1>The page</h1>
        </RequireRole>
        <CodeLands />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
  });
});
