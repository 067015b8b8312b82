// Every query key of the admin feature, once.
export const employeesQueryKey = ['users', 'employees'] as const;
export const staffQueryKey = ['users', 'staff'] as const;
export const auditQueryKey = ['audit'] as const;
export const auditVerifyQueryKey = ['audit', 'verify'] as const;
/** Issue 35: the accounts found for sending a reset link, by the text typed. */
export const accountSearchQueryKey = (text: string) => ['users', 'accounts', text] as const;
export const closureRequestsQueryKey = ['account-closures'] as const;
export const termsQueryKey = ['terms'] as const;
