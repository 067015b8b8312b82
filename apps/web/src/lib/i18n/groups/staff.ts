import { auditApiMessages, employeeApiMessages, employeeMessages } from '@portal/contract';
import { registerMessageGroup } from '../index';

/** The employees' form messages and the server's answers about employees and the audit log: admins' screens alone show them. */
export const EMPLOYEE_MESSAGES_NS = registerMessageGroup('employee-messages', { en: employeeMessages, pl: () => import('./staff-pl').then((module) => ({ pl: module.employees })) });
export const EMPLOYEE_API_MESSAGES_NS = registerMessageGroup('employee-api-messages', {
  en: employeeApiMessages,
  pl: () => import('./staff-pl').then((module) => ({ pl: module.employeesApi })),
});
export const AUDIT_MESSAGES_NS = registerMessageGroup('audit-messages', { en: auditApiMessages, pl: () => import('./staff-pl').then((module) => ({ pl: module.audit })) });
