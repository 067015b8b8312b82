import { PASSWORD_MIN } from './auth.js';
import { userMessages } from './users.js';

// The Admin Dashboard: registering employees and switching their accounts on and off (spec
// sections 2, 4, 5, 7 and 8).

/**
 * Exact texts of spec section 5 (the admin's register form) and section 8 (what the dashboard
 * shows when a call fails), plus the page's own labels the spec quotes in section 2.
 */
export const employeeMessages = {
  usernameRequired: 'Username is required',
  emailInvalid: 'Valid email is required',
  /** Spec: 'Password must be at least 8 characters'. */
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  firstNameRequired: userMessages.firstNameRequired,
  lastNameRequired: userMessages.lastNameRequired,
  phoneInvalid: userMessages.phoneInvalid,
  dateOfBirthRequired: 'Date of birth is required',
  registered: 'Employee registered successfully!',
  registerFailed: 'Failed to register employee. Please try again.',
  fetchFailed: 'Failed to fetch employees.',
  statusFailed: 'Failed to update employee status.',
} as const;

/** Why the server refuses a status change (the spec words none of these). */
export const employeeApiMessages = {
  onlyEmployees: 'Only employee accounts can be activated or deactivated.',
  notYourself: 'You cannot change the status of your own account.',
} as const;
