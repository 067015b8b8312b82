import {
  type ChangePasswordRequest,
  type CheckResetResponse,
  type CompleteResetRequest,
  type Language,
  PASSWORD_RESET_MINUTES,
  PASSWORD_RESET_PAGE,
  passwordMessages as m,
  type SendResetResponse,
} from '@portal/contract';
import { nowIso } from '../../../db/portable.js';
import { badRequest, conflict, notFound, retryLater, ApiError } from '../../../plugins/api-error.js';
import { argon2Verifier, type AuthUser, hashPassword, type PasswordVerifier, type SessionToken } from '../../../plugins/auth/index.js';
import type { PortalEvents } from '../../../plugins/events.js';
import type { NotificationsPort } from '../../../ports/notifications.js';
import type { SessionClient } from '../../../ports/sessions.js';
import type { UsersPort } from '../../../ports/users.js';
import type { AttemptCounters } from '../attempt-counters.js';
import type { LoginThrottle } from '../login-throttle.js';
import { hashResetSecret, newResetSecret, type PasswordResetsRepository } from './repository.js';

/** Reset links one account may be sent per hour, whoever asks (a mailbox is not to be flooded). */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;

export interface PasswordServiceDeps {
  users: UsersPort;
  resets: PasswordResetsRepository;
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  throttle: LoginThrottle;
  counters: AttemptCounters;
  mail: Pick<NotificationsPort, 'sendNow'>;
  passwords?: PasswordVerifier;
  now?: () => number;
}

const linkGone = (message: string) => conflict(message, { token: message });

/** Issue 35 points 2 and 3: a person changes their password; an admin sends a reset link; the link sets a new one. */
export function createPasswordService({ users, resets, events, throttle, counters, mail, passwords = argon2Verifier, now = Date.now }: PasswordServiceDeps) {
  const at = () => nowIso(new Date(now()));

  async function stateOf(token: string): Promise<CheckResetResponse> {
    const row = await resets.find(hashResetSecret(token));
    if (!row) return { state: 'invalid', expiresAt: null };
    if (row.used_at !== null) return { state: 'used', expiresAt: null };
    if (row.expires_at <= at()) return { state: 'expired', expiresAt: null };
    return { state: 'valid', expiresAt: row.expires_at };
  }

  const goneMessage = { expired: m.resetLinkExpired, used: m.resetLinkUsed, invalid: m.resetLinkInvalid, valid: m.resetLinkInvalid } as const;

  return {
    /**
     * The owner's own change: the current password is checked under the login throttle (a session
     * left open must not guess it), then the new hash is stored and every other session ends with
     * the change's event (sessions module); an email and a portal entry tell the owner.
     */
    async change(caller: AuthUser, session: SessionToken, input: ChangePasswordRequest, client: SessionClient, language: Language): Promise<void> {
      const attempt = await throttle.reserve(caller.username, client.address);
      const currentHash = await users.findPasswordHash(caller.id);
      if (!currentHash || !(await passwords.verify(currentHash, input.currentPassword))) {
        throw badRequest(m.currentWrong, { currentPassword: m.currentWrong });
      }
      await attempt.succeeded();
      const passwordHash = await hashPassword(input.newPassword);
      await events.transaction(async (trx) => {
        if (!(await users.setPasswordHash(caller.id, passwordHash, trx, { endEveryToken: false }))) throw notFound();
        await events.emit(trx, { type: 'password-changed', at: at(), actorId: caller.id, actorLanguage: language, userId: caller.id, how: 'changed', keepSession: session.jti });
      });
    },

    /**
     * An admin sends a reset link to someone who cannot sign in (after checking who is asking,
     * outside the portal). Only the link's hash is stored; the email goes out at once, and if the
     * mail server refuses it the link is withdrawn and the admin is told (503).
     */
    async sendReset(admin: AuthUser, userId: number, language: Language): Promise<SendResetResponse> {
      if (userId === admin.id) throw conflict(m.resetNotYourself);
      const target = await users.findUser(userId);
      if (!target) throw notFound();
      const hit = await counters.hit(`password-reset:user:${userId}`, 60 * 60_000);
      if (hit.count > RESETS_PER_ACCOUNT_PER_HOUR) throw retryLater(m.resetTooOften, hit.resetAtMs);
      const { secret, hash } = newResetSecret();
      const createdAt = at();
      const expiresAt = nowIso(new Date(now() + PASSWORD_RESET_MINUTES * 60_000));
      await events.transaction(async (trx) => {
        await resets.replace({ userId, tokenHash: hash, createdBy: admin.id, createdAt, expiresAt }, trx);
        await events.emit(trx, { type: 'password-reset-sent', at: createdAt, actorId: admin.id, actorLanguage: language, userId, expiresAt });
      });
      try {
        const email = await mail.sendNow(userId, { kind: 'password-reset-link', expiresAt }, `${PASSWORD_RESET_PAGE}#token=${secret}`);
        return { email, expiresAt };
      } catch {
        // A link nobody received must not stay usable.
        await events.transaction((trx) => resets.take(hash, at(), trx));
        throw new ApiError(503, m.resetNoEmail);
      }
    },

    /** Whether a link still works, so its page can say so before anyone types a password. */
    checkReset: (token: string): Promise<CheckResetResponse> => stateOf(token),

    /**
     * Sets the new password of a working link, once: the link is taken in the same statement that
     * checks it, the account's every token ends (its generation moves on, every session is revoked),
     * and the event brings the audit row, the owner's email and entry.
     */
    async completeReset(input: CompleteResetRequest): Promise<void> {
      const passwordHash = await hashPassword(input.newPassword);
      const tokenHash = hashResetSecret(input.token);
      const taken = await events.transaction(async (trx) => {
        const userId = await resets.take(tokenHash, at(), trx);
        if (userId === undefined) return null;
        if (!(await users.setPasswordHash(userId, passwordHash, trx, { endEveryToken: true }))) return null;
        await events.emit(trx, { type: 'password-changed', at: at(), actorId: userId, actorLanguage: 'en', userId, how: 'reset', keepSession: null });
        return userId;
      });
      if (taken === null) throw linkGone(goneMessage[(await stateOf(input.token)).state]);
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
