import { auditApiMessagesPl, employeeApiMessagesPl, employeeMessagesPl } from '@portal/contract';

export const employees = employeeMessagesPl;
export const employeesApi = employeeApiMessagesPl;
export const audit = auditApiMessagesPl;
