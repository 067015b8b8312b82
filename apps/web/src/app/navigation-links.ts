import type { Role } from '@portal/contract';
import { serviceLinks, TWO_FACTOR_PATH, type ServiceLink } from '../lib/service-links';

export type NavigationLink = ServiceLink;

const home: NavigationLink = { to: '/', labelKey: 'nav.home' };
const login: NavigationLink = { to: '/login', labelKey: 'nav.login' };

/**
 * Spec section 2, "Top navigation": exactly these links, in this order, per visitor kind. A staff
 * session that must still set up its second factor (STAFF_2FA=required) is offered that set-up
 * alone: every other staff screen would only lead back to it (issue 35).
 */
export const navigationLinks: Record<Role | 'anonymous' | 'enrolment', readonly NavigationLink[]> = {
  anonymous: [home, login],
  enrolment: [home, { to: TWO_FACTOR_PATH, labelKey: 'nav.twoFactorSetUp' }, login],
  USER: [home, serviceLinks.letterServiceUser, serviceLinks.financialObligations, serviceLinks.caseService, login],
  EMPLOYEE: [home, serviceLinks.letterServiceEmployee, serviceLinks.createObligations, serviceLinks.createCase, login],
  ADMIN: [home, serviceLinks.manageEmployees, login],
};
