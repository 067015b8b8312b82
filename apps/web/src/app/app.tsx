import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Providers } from './providers';
import { AppRoutes } from './router';

/** The app in the browser; main.tsx makes the query client, so GET /api/users/me starts before the first render. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
