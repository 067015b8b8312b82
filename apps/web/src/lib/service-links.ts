import type { Role } from '@portal/contract';

/** A link to one screen; the label is a key in the common namespace. */
export type ServiceLink = { to: string; labelKey: string };

/** Where a person sets up two-factor sign-in (issue 21): the router, the enrolment gate, the welcome view and the account page. */
export const TWO_FACTOR_PATH = '/account/two-factor';

// Each screen's link once, so the navigation, the welcome view and the home page agree on targets.
export const serviceLinks = {
  letterServiceUser: { to: '/user', labelKey: 'nav.letterServiceUser' },
  letterServiceEmployee: { to: '/employee', labelKey: 'nav.letterServiceEmployee' },
  financialObligations: { to: '/financial-obligations', labelKey: 'nav.financialObligations' },
  caseService: { to: '/createCase', labelKey: 'nav.caseService' },
  createObligations: { to: '/createObligations', labelKey: 'nav.createObligations' },
  createCase: { to: '/createCase', labelKey: 'nav.createCase' },
  manageEmployees: { to: '/admin', labelKey: 'nav.manageEmployees' },
  employeeDashboard: { to: '/employee', labelKey: 'page.employeeDashboard' },
  userDashboard: { to: '/user', labelKey: 'page.userDashboard' },
  caseResolutions: { to: '/createCase', labelKey: 'page.caseResolutions' },
} as const satisfies Record<string, ServiceLink>;

/**
 * The services a signed-in person is offered after login: the services of their role's navigation
 * (spec section 2); an ADMIN also gets the screens spec section 6 opens to them.
 */
export const servicesByRole: Record<Role, readonly ServiceLink[]> = {
  USER: [serviceLinks.letterServiceUser, serviceLinks.financialObligations, serviceLinks.caseService],
  EMPLOYEE: [serviceLinks.letterServiceEmployee, serviceLinks.createObligations, serviceLinks.createCase],
  ADMIN: [
    serviceLinks.manageEmployees,
    serviceLinks.employeeDashboard,
    serviceLinks.userDashboard,
    serviceLinks.financialObligations,
    serviceLinks.createObligations,
    serviceLinks.caseResolutions,
  ],
};
