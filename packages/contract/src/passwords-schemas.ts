import { z } from 'zod/mini';
import { passwordField } from './auth-schemas.js';
import { stopWhenLonger } from './fields.js';
import { requiredText } from './fields-schemas.js';
import { PASSWORD_RESET_TOKEN_MAX, passwordMessages as m, RESET_LINK_STATES } from './passwords.js';

// The passwords domain's zod schemas (passwords.ts has its limits and messages).

/** A password someone already has: only required and bounded (older staff passwords predate the letters-and-digits rule). */
const CURRENT_PASSWORD_MAX = 200;
const currentPasswordField = requiredText(m.currentRequired, { trim: false }).check(z.maxLength(CURRENT_PASSWORD_MAX, stopWhenLonger(m.currentWrong)));

/** The new password twice: the spec's rules for the first, the same text for the second. */
const newPasswordFields = { newPassword: passwordField, confirmPassword: z.string({ error: m.confirmMismatch }) };
const sameTwice = z.refine<{ newPassword: string; confirmPassword: string }>((value) => value.newPassword === value.confirmPassword, {
  message: m.confirmMismatch,
  path: ['confirmPassword'],
});

/** POST /api/account/password */
export const changePasswordRequest = z.object({ currentPassword: currentPasswordField, ...newPasswordFields }).check(sameTwice);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

const resetTokenField = requiredText(m.resetLinkInvalid).check(z.maxLength(PASSWORD_RESET_TOKEN_MAX, m.resetLinkInvalid));

/** POST /api/password-reset/check */
export const checkResetRequest = z.object({ token: resetTokenField });
export const checkResetResponse = z.object({
  state: z.enum(RESET_LINK_STATES),
  /** When a valid link stops working (ISO 8601); null otherwise. */
  expiresAt: z.nullable(z.string()),
});
export type CheckResetResponse = z.infer<typeof checkResetResponse>;

/** POST /api/password-reset */
export const completeResetRequest = z.object({ token: resetTokenField, ...newPasswordFields }).check(sameTwice);
export type CompleteResetRequest = z.infer<typeof completeResetRequest>;

/** Answer of POST /api/users/:id/password-reset: where the link went. */
export const sendResetResponse = z.object({ email: z.string(), expiresAt: z.string() });
export type SendResetResponse = z.infer<typeof sendResetResponse>;
