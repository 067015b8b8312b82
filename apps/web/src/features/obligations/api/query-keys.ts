import type { Role } from '@portal/contract';
import type { UserSearch } from './calls';

/** Every query key of the feature, once. */
export const obligationsQueryKey = ['obligations'] as const;
export const userObligationsQueryKey = (userId: number) => [...obligationsQueryKey, 'user', userId] as const;
export const userLabelsQueryKey = (role: Role) => ['users', 'labels', role] as const;
export const userPagesQueryKey = (search: UserSearch, role: Role) => ['users', 'pages', role, search.q ?? '', search.prefix ?? ''] as const;
