import type { Role } from '@portal/contract';
import { serviceLinks, type ServiceLink } from '../lib/service-links';

export type NavigationLink = ServiceLink;

const home: NavigationLink = { to: '/', labelKey: 'nav.home' };
const login: NavigationLink = { to: '/login', labelKey: 'nav.login' };

/** Spec section 2, "Top navigation": exactly these links, in this order, per visitor kind. */
export const navigationLinks: Record<Role | 'anonymous', readonly NavigationLink[]> = {
  anonymous: [home, login],
  USER: [home, serviceLinks.letterServiceUser, serviceLinks.financialObligations, serviceLinks.caseService, login],
  EMPLOYEE: [home, serviceLinks.letterServiceEmployee, serviceLinks.createObligations, serviceLinks.createCase, login],
  ADMIN: [home, serviceLinks.manageEmployees, login],
};
