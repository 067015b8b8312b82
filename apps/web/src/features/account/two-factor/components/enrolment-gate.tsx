import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../../../lib/current-user';
import { fetchTwoFactorStatus, twoFactorStatusKey } from '../api/calls';

export const TWO_FACTOR_PATH = '/account/two-factor';

/**
 * STAFF_2FA=required (issue 21): a staff session that must still set up its second factor sees
 * the set-up page wherever it goes (the server refuses it every staff route meanwhile). Other
 * sessions, and the home and login pages, pass through untouched.
 */
export function EnrolmentGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const isStaff = session.status === 'user' && session.user.role !== 'USER';
  const status = useQuery({ queryKey: twoFactorStatusKey, queryFn: fetchTwoFactorStatus, enabled: isStaff, staleTime: 60_000 });
  const free = pathname === TWO_FACTOR_PATH || pathname === '/login' || pathname === '/';
  if (isStaff && !free && status.data?.enrolmentPending) return <Navigate to={TWO_FACTOR_PATH} replace />;
  return children;
}
