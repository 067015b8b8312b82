import { render } from '@testing-library/react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
// The router loads every page on first visit. Loading the public pages (and with them the form
// libraries most pages share) with this helper, as the route table did before it loaded them
// lazily, keeps a test's first render from spending the findBy wait on compiling those modules.
import '../features/auth/pages/login-page';
import '../features/home/pages/home-page';

/** Renders the real route table at `path`, as the browser would after navigating there. */
export function renderRoute(path: string) {
  // Where the app went after a click, as the address bar would show it.
  const current: { location?: Location } = {};
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return {
    queryClient,
    location: (): Location | undefined => current.location,
    ...render(
      <Providers queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </Providers>,
    ),
  };
}

export { stubFetch } from './fetch';
