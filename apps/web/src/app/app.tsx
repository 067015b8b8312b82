import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { prefetchCurrentUser } from '../lib/current-user';
import { createQueryClient } from '../lib/query-client';
import { Providers } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchCurrentUser(client);
    return client;
  });
  const [router] = useState(createAppRouter);
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
