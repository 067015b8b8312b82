import { type AccountSnapshot, employeeApiMessages as m, type Language, type RegisterEmployeeRequest, type UserResponse } from '@portal/contract';
import { conflict } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { PortalEvents } from '../../plugins/events.js';
import type { UsersPort } from '../../ports/users.js';

export interface EmployeesServiceDeps {
  users: UsersPort;
  /** Each change is one event (its audit row and the employee's notice are subscribers'), in the account's transaction. */
  events: Pick<PortalEvents, 'emit'>;
}

/** What the audit trail keeps of a new account: everything the admin entered but the password. */
const accountSnapshot = (user: UserResponse): AccountSnapshot => ({
  username: user.username,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  phoneNumber: user.phoneNumber,
  dateOfBirth: user.dateOfBirth,
  enabled: user.enabled,
});

/**
 * The Admin Dashboard's rules (spec sections 2, 4 and 6): admins register employees and switch
 * employee accounts on and off. Each change is audited in its own transaction; the caller's role
 * was checked by the access policy.
 */
export function createEmployeesService({ users, events }: EmployeesServiceDeps) {
  async function setEnabled(caller: AuthUser, id: number, enabled: boolean, language: Language): Promise<UserResponse> {
    return users.setEnabled(id, enabled, {
      check(current) {
        // An admin's own account is never an employee's, but say the clearer thing first.
        if (current.id === caller.id) throw conflict(m.notYourself);
        if (current.role !== 'EMPLOYEE') throw conflict(m.onlyEmployees);
      },
      alsoInTransaction: (trx, _before, after) =>
        events.emit(trx, {
          type: enabled ? 'account-activated' : 'account-deactivated',
          at: new Date().toISOString(),
          actorId: caller.id,
          actorLanguage: language,
          userId: after.id,
        }),
    });
  }

  return {
    /** A new EMPLOYEE account; 409 when the username (or a look-alike) or the email is taken. */
    register: (caller: AuthUser, input: RegisterEmployeeRequest, language: Language = 'en'): Promise<UserResponse> =>
      users.createAccount(input, 'EMPLOYEE', {
        alsoInTransaction: (trx, created) =>
          events.emit(trx, {
            type: 'account-registered',
            at: new Date().toISOString(),
            actorId: caller.id,
            actorLanguage: language,
            userId: created.id,
            account: accountSnapshot(created),
          }),
      }),

    list: (): Promise<UserResponse[]> => users.listUsers({ role: 'EMPLOYEE' }),

    activate: (caller: AuthUser, id: number, language: Language = 'en') => setEnabled(caller, id, true, language),
    deactivate: (caller: AuthUser, id: number, language: Language = 'en') => setEnabled(caller, id, false, language),
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
