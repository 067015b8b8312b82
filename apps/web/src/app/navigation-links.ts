import type { Role } from '@portal/contract';

export type NavigationLink = { to: string; labelKey: string };

const home: NavigationLink = { to: '/', labelKey: 'nav.home' };
const login: NavigationLink = { to: '/login', labelKey: 'nav.login' };

/** Spec section 2, "Top navigation": exactly these links, in this order, per visitor kind. */
export const navigationLinks: Record<Role | 'anonymous', readonly NavigationLink[]> = {
  anonymous: [home, login],
  USER: [
    home,
    { to: '/user', labelKey: 'nav.letterServiceUser' },
    { to: '/financial-obligations', labelKey: 'nav.financialObligations' },
    { to: '/createCase', labelKey: 'nav.caseService' },
    login,
  ],
  EMPLOYEE: [
    home,
    { to: '/employee', labelKey: 'nav.letterServiceEmployee' },
    { to: '/createObligations', labelKey: 'nav.createObligations' },
    { to: '/createCase', labelKey: 'nav.createCase' },
    login,
  ],
  ADMIN: [home, { to: '/admin', labelKey: 'nav.manageEmployees' }, login],
};
