import { commonMessages } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './error-page';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('the page broke');
}

/** As the route table does: the navigation outside the boundary, the page inside it. */
function Shell() {
  const { pathname } = useLocation();
  return (
    <>
      <nav>
        <Link to="/fine">Fine page</Link>
      </nav>
      <RouteErrorBoundary resetKey={pathname} fallback={(error) => <ErrorPage error={error} />}>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}

describe('a page that throws while rendering', () => {
  it('shows the error page in its place, keeps the navigation, and is gone after moving to another page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React and the page log the error
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Routes>
          <Route element={<Shell />}>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<h1>Fine</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: commonMessages.unexpectedError })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong while showing this page. Please try again in a moment.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Fine page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fine' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: commonMessages.unexpectedError })).not.toBeInTheDocument();
  });
});
