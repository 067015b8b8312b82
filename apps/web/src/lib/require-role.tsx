import { commonMessages, type Role } from '@portal/contract';
import type { ReactNode } from 'react';
import { hasRole, useSession } from './current-user';
import { useMessageText } from './i18n';

type RequireRoleProps = { roles: readonly Role[]; children: ReactNode };

/**
 * Spec section 6: a page shows 'Loading...' while the current user loads and 'Unauthorized' to a
 * visitor whose role is not allowed (a visitor who is not logged in included).
 */
export function RequireRole({ roles, children }: RequireRoleProps) {
  const session = useSession();
  const message = useMessageText();
  if (session.status === 'loading') {
    return (
      <p role="status" className="state state--loading">
        {message(commonMessages.loading)}
      </p>
    );
  }
  if (!hasRole(session, roles)) {
    return (
      <section className="card state-card">
        <h1 className="state-card__title">{message(commonMessages.unauthorized)}</h1>
      </section>
    );
  }
  return children;
}
