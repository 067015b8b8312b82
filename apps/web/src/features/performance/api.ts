import type { PublicPerformanceResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/**
 * GET /api/public/performance: open data, no sign-in. Its answer is the server's (checked by the
 * route's response schema there): the contract's schema would be a chunk shared with the Admin
 * Dashboard, one more file the shell names, which /user's bundle budget cannot carry.
 */
export const publicPerformanceQuery = queryOptions({
  queryKey: ['performance', 'public'] as const,
  queryFn: () => http.get('/api/public/performance') as Promise<PublicPerformanceResponse>,
});

export const usePublicPerformance = () => useQuery(publicPerformanceQuery);

/** The open data's addresses, linked from the page as they are. */
export const OPEN_DATA = { json: '/api/public/performance', csv: '/api/public/performance.csv' } as const;
