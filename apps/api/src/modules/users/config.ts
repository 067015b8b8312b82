import { emailField, passwordField, usernameField } from '@portal/contract';
import { defineSlice, optionalSecret, optionalText } from '../../config-kit.js';

/** The first admin account (ADMIN_*), created at start when no account has its username. */
export interface FirstAdminConfig {
  username: string;
  password: string;
  email: string;
}

export const usersSlice = defineSlice({
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalSecret,
  ADMIN_EMAIL: optionalText,
})((env, _context: void, problems): { firstAdmin: FirstAdminConfig | null } => {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = env;
  if (!username && !password) return { firstAdmin: null };
  if (!username || !password) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
    return { firstAdmin: null };
  }
  const email = env.ADMIN_EMAIL ?? `${username}@portal.local`;
  // The first admin obeys the same rules as every account, so it can log in through the form.
  const checks = [
    ['ADMIN_USERNAME', usernameField.safeParse(username)],
    ['ADMIN_PASSWORD', passwordField.safeParse(password)],
    ['ADMIN_EMAIL', emailField.safeParse(email)],
  ] as const;
  for (const [name, result] of checks) {
    if (!result.success) problems.push(`${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  }
  // Stored as the forms would store them (NFKC username, normalized email).
  return { firstAdmin: { username: checks[0][1].data ?? username, password, email: checks[2][1].data ?? email.toLowerCase() } };
});

/** What the users module's setup is given. */
export interface UsersSettings {
  firstAdmin: FirstAdminConfig | null;
}
