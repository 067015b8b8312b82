import { employeeApiMessages as m, type RegisterEmployeeRequest, type UserResponse } from '@portal/contract';
import { conflict } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { AuditService } from '../audit/service.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UsersService } from '../users/service.js';

export interface EmployeesServiceDeps {
  users: UsersService;
  audit: AuditService;
  /** The employee's account notices, queued in the change's transaction. */
  notifications: Pick<NotificationsService, 'enqueue'>;
}

/** What the audit trail keeps of a new account: everything the admin entered but the password. */
const accountSnapshot = (user: UserResponse) => ({
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
export function createEmployeesService({ users, audit, notifications }: EmployeesServiceDeps) {
  async function setEnabled(caller: AuthUser, id: number, enabled: boolean): Promise<UserResponse> {
    return users.setEnabled(id, enabled, {
      check(current) {
        // An admin's own account is never an employee's, but say the clearer thing first.
        if (current.id === caller.id) throw conflict(m.notYourself);
        if (current.role !== 'EMPLOYEE') throw conflict(m.onlyEmployees);
      },
      alsoInTransaction: async (trx, before, after) => {
        await notifications.enqueue(trx, after.id, { kind: enabled ? 'account-activated' : 'account-deactivated' });
        await audit.record(trx, {
          actorId: caller.id,
          action: enabled ? 'employee.activate' : 'employee.deactivate',
          entityType: 'user',
          entityId: after.id,
          before: { enabled: before.enabled },
          after: { enabled: after.enabled },
        });
      },
    });
  }

  return {
    /** A new EMPLOYEE account; 409 when the username (or a look-alike) or the email is taken. */
    register: (caller: AuthUser, input: RegisterEmployeeRequest): Promise<UserResponse> =>
      users.createAccount(input, 'EMPLOYEE', {
        alsoInTransaction: async (trx, created) => {
          await notifications.enqueue(trx, created.id, { kind: 'account-registered' });
          await audit.record(trx, {
            actorId: caller.id,
            action: 'employee.register',
            entityType: 'user',
            entityId: created.id,
            before: null,
            after: accountSnapshot(created),
          });
        },
      }),

    list: (): Promise<UserResponse[]> => users.listUsers({ role: 'EMPLOYEE' }),

    activate: (caller: AuthUser, id: number) => setEnabled(caller, id, true),
    deactivate: (caller: AuthUser, id: number) => setEnabled(caller, id, false),
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
