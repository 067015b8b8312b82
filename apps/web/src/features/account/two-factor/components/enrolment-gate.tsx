import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { readAuthToken } from '../../../../lib/auth-cookie';
import { TWO_FACTOR_PATH } from '../../../../lib/service-links';

/**
 * Whether the stored token is an enrolment-only one (its `enr` claim, issue 21). Read from the
 * token itself, so no page waits for a request; the server enforces it either way.
 */
export function isEnrolmentOnlyToken(token: string | undefined): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null && (claims as { enr?: unknown }).enr === true;
  } catch {
    return false;
  }
}

/**
 * STAFF_2FA=required (issue 21): a staff session that must still set up its second factor sees
 * the set-up page wherever it goes (the server refuses it every staff route meanwhile). Other
 * sessions, and the home and login pages, pass through untouched.
 */
export function EnrolmentGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const free = pathname === TWO_FACTOR_PATH || pathname === '/login' || pathname === '/';
  if (!free && isEnrolmentOnlyToken(readAuthToken())) return <Navigate to={TWO_FACTOR_PATH} replace />;
  return children;
}
