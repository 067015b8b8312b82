// Every query key of the admin feature, once.
export const employeesQueryKey = ['users', 'employees'] as const;
export const staffQueryKey = ['users', 'staff'] as const;
export const auditQueryKey = ['audit'] as const;
export const auditVerifyQueryKey = ['audit', 'verify'] as const;
