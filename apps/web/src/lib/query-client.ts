import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { HttpError } from './http';

// Spec section 8: failed fetches are only logged, never shown; a screen that must tell the user
// something does so itself through notify().
function logFailure(error: unknown) {
  console.error('[api]', error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logFailure }),
    mutationCache: new MutationCache({ onError: logFailure }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; a network blip or 5xx may.
        retry: (failureCount, error) => !(error instanceof HttpError && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
