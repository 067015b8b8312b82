import {
  type PasskeyCredentialJson,
  type PasskeyOptionsResponse,
  type Role,
  type SecondFactorChange,
  type TokenResponse,
  type TotpSetupResponse,
  type TwoFactorEnabledResponse,
  twoFactorMessages as m,
} from '@portal/contract';
import { generateRegistrationOptions, type RegistrationResponseJSON, verifyRegistrationResponse } from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import type { TwoFactorConfig } from '../config.js';
import type { Db } from '../../../db/database.js';
import { nowIso } from '../../../db/portable.js';
import { badRequest, conflict, notFound } from '../../../plugins/api-error.js';
import { argon2Verifier, type AuthUser, type PasswordVerifier, type SessionToken } from '../../../plugins/auth/index.js';
import type { AuditPort } from '../../../ports/audit.js';
import type { PortalEvents } from '../../../plugins/events.js';
import type { SessionClient } from '../../../ports/sessions.js';
import type { UsersPort } from '../../../ports/users.js';
import type { LoginThrottle } from '../login-throttle.js';
import type { Revocations } from '../../../ports/sessions.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import type { TwoFactorRepository } from './repository.js';
import type { SecretBox } from './secret-box.js';
import { matchTotp, newTotpSecret, totpUri } from './totp.js';

export interface TwoFactorSetUpDeps {
  repository: TwoFactorRepository;
  box: SecretBox;
  users: UsersPort;
  audit: AuditPort;
  /** The owner hears of every factor added or removed: a portal entry and an email, in the change's transaction. */
  events: Pick<PortalEvents, 'emit'>;
  throttle: LoginThrottle;
  revocations: Revocations;
  config: TwoFactorConfig;
  issuer: string;
  now: () => number;
  passwords?: PasswordVerifier;
  /** The full token of a signed-in account (service.ts: the one a second step answers). */
  fullToken: (userId: number, client: SessionClient) => Promise<TokenResponse>;
  enrolmentRequired: (role: Role) => boolean;
}

const PASSKEY_CEREMONY_MS = 5 * 60_000;
const randomId = () => randomBytes(24).toString('base64url');

/** The caller's own set-up (and an admin's reset): every way a second factor comes or goes. */
export function createTwoFactorSetUp(deps: TwoFactorSetUpDeps) {
  const { repository, box, users, audit, events, throttle, revocations, config, issuer, now, fullToken, enrolmentRequired, passwords = argon2Verifier } = deps;
  const at = () => nowIso(new Date(now()));
  /** The change's one event; `actorId` is the owner unless an admin made it. */
  const tellOwner = (trx: Db, userId: number, change: SecondFactorChange, actorId: number = userId) =>
    events.emit(trx, { type: 'second-factor-changed', at: new Date(now()).toISOString(), actorId, actorLanguage: 'en', userId, change });

  /**
   * The password again before a factor is added, renewed or removed (issue 34): a session alone
   * (left open, or stolen) must not change how its account signs in. Counted by the login throttle
   * like a sign-in; a wrong one is a field error.
   */
  async function confirmPassword(caller: AuthUser, password: string, client: SessionClient): Promise<void> {
    const attempt = await throttle.reserve(caller.username, client.address);
    const found = await users.findLoginAccount(caller.username);
    if (!found || found.user.id !== caller.id || !(await passwords.verify(found.passwordHash, password))) {
      throw badRequest(m.passwordWrong, { password: m.passwordWrong });
    }
    await attempt.succeeded();
  }

  /**
   * A factor was just stored (in `trx`): its owner is told, and an account's first factor brings
   * its recovery codes (when it has none left).
   */
  async function factorStored(trx: Db, userId: number, change: SecondFactorChange): Promise<string[] | null> {
    await tellOwner(trx, userId, change);
    if ((await repository.summary(userId, trx)).recoveryCodesLeft > 0) return null;
    const recoveryCodes = newRecoveryCodes();
    await repository.replaceRecoveryCodes(userId, recoveryCodes.map(hashRecoveryCode), trx);
    return recoveryCodes;
  }

  /** After the commit: an enrolment-only session gets the full token that replaces it (the old one is revoked). */
  async function enabled(caller: AuthUser, session: SessionToken | null, recoveryCodes: string[] | null, client: SessionClient): Promise<TwoFactorEnabledResponse> {
    if (!session?.enrolmentOnly) return { recoveryCodes };
    const { tokenJWT } = await fullToken(caller.id, client);
    await revocations.revoke(session.jti, session.expiresAtMs);
    return { recoveryCodes, tokenJWT };
  }

  return {
    /** A new secret for the caller's app, after the password; 409 once an app is set up (turn it off or ask an admin first). */
    async startTotp(caller: AuthUser, password: string, client: SessionClient): Promise<TotpSetupResponse> {
      await confirmPassword(caller, password, client);
      const secret = newTotpSecret();
      if (!(await repository.putPendingTotp(caller.id, box.seal(secret, caller.id), at()))) throw conflict(m.alreadyOn);
      return { secret, otpauthUri: totpUri(secret, issuer, caller.username) };
    },

    /**
     * The first code from the app turns it on; throttled like a password. The secret it confirms
     * was only ever shown to whoever gave the password to start the set-up.
     */
    async confirmTotp(caller: AuthUser, session: SessionToken | null, code: string, client: SessionClient): Promise<TwoFactorEnabledResponse> {
      const totp = await repository.findTotp(caller.id);
      if (!totp) throw conflict(m.noSetupStarted);
      if (totp.confirmed_at) throw conflict(m.alreadyOn);
      const attempt = await throttle.reserve(caller.username, client.address);
      const step = await matchTotp(box.open(totp.secret_enc, caller.id), code, now(), Number(totp.last_time_step));
      const recoveryCodes = await repository.transaction(async (trx) => {
        if (step === null || !(await repository.useTotpStep(caller.id, step, at(), trx))) return undefined;
        return factorStored(trx, caller.id, 'totp-added');
      });
      if (recoveryCodes === undefined) throw badRequest(m.codeWrong, { code: m.codeWrong });
      await attempt.succeeded();
      return enabled(caller, session, recoveryCodes, client);
    },

    async regenerateRecoveryCodes(caller: AuthUser, password: string, client: SessionClient): Promise<{ recoveryCodes: string[] }> {
      const summary = await repository.summary(caller.id);
      if (!summary.totp && summary.passkeys === 0) throw conflict(m.notOn);
      await confirmPassword(caller, password, client);
      const recoveryCodes = newRecoveryCodes();
      await repository.transaction(async (trx) => {
        await repository.replaceRecoveryCodes(caller.id, recoveryCodes.map(hashRecoveryCode), trx);
        await tellOwner(trx, caller.id, 'recovery-codes-renewed');
      });
      return { recoveryCodes };
    },

    /**
     * The caller turns their own second factor off with their password (throttled like a sign-in);
     * staff under STAFF_2FA=required may not.
     */
    async turnOff(caller: AuthUser, password: string, client: SessionClient): Promise<void> {
      if (enrolmentRequired(caller.role)) throw conflict(m.requiredForStaff);
      await confirmPassword(caller, password, client);
      await repository.transaction(async (trx) => {
        const before = await repository.summary(caller.id, trx);
        await repository.removeAll(caller.id, trx);
        if (before.totp || before.passkeys > 0 || before.recoveryCodesLeft > 0) await tellOwner(trx, caller.id, 'turned-off');
      });
    },

    /** WebAuthn options to register a passkey, after the password: the ceremony they name is the proof the last step needs. */
    async passkeyRegistrationOptions(caller: AuthUser, password: string, client: SessionClient): Promise<PasskeyOptionsResponse> {
      await confirmPassword(caller, password, client);
      const existing = await repository.listPasskeys(caller.id);
      const options = await generateRegistrationOptions({
        rpName: issuer,
        rpID: config.rpId,
        userName: caller.username,
        userDisplayName: `${caller.firstName} ${caller.lastName}`,
        userID: new TextEncoder().encode(`portal-user-${caller.id}`),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      const ceremony = randomId();
      await repository.putChallenge(
        { id: ceremony, purpose: 'passkey-register', userId: caller.id, webauthnChallenge: options.challenge, expiresAt: nowIso(new Date(now() + PASSKEY_CEREMONY_MS)) },
        at(),
      );
      return { ceremony, options: { ...options } };
    },

    async registerPasskey(
      caller: AuthUser,
      session: SessionToken | null,
      input: { ceremony: string; credential: PasskeyCredentialJson; name?: string },
      client: SessionClient,
    ): Promise<TwoFactorEnabledResponse> {
      const ceremony = await repository.findChallenge(input.ceremony, 'passkey-register', at());
      if (!ceremony?.webauthn_challenge || ceremony.user_id !== caller.id) throw conflict(m.noSetupStarted);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: input.credential as unknown as RegistrationResponseJSON,
          expectedChallenge: ceremony.webauthn_challenge,
          expectedOrigin: config.origins,
          expectedRPID: config.rpId,
          requireUserVerification: false,
        });
      } catch {
        throw badRequest(m.passkeyRefused);
      }
      if (!verified.verified) throw badRequest(m.passkeyRefused);
      const { credential } = verified.registrationInfo;
      const recoveryCodes = await repository.transaction(async (trx) => {
        if (!(await repository.takeChallenge(input.ceremony, trx))) throw badRequest(m.passkeyRefused);
        const count = (await repository.listPasskeys(caller.id, trx)).length;
        const stored = await repository.insertPasskey(
          {
            id: credential.id,
            userId: caller.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name: input.name || `Passkey ${count + 1}`,
            createdAt: at(),
          },
          trx,
        );
        // The ceremony stays usable (the transaction rolls back): the browser may offer another passkey.
        if (!stored) throw conflict(m.passkeyDuplicate);
        return factorStored(trx, caller.id, 'passkey-added');
      });
      return enabled(caller, session, recoveryCodes, client);
    },

    /** An admin removes another account's second factor, audited in the same transaction. */
    async reset(admin: AuthUser, userId: number): Promise<void> {
      if (admin.id === userId) throw conflict(m.resetOnlyOthers);
      const target = await users.findUser(userId);
      if (!target) throw notFound();
      await repository.transaction(async (trx) => {
        const before = await repository.summary(userId, trx);
        await repository.removeAll(userId, trx);
        // A reset answers a lost or stolen device: whoever holds the person's signed-in tokens is signed out too.
        await users.endEveryToken(userId, trx);
        // ...and their open sockets close at the commit (the sessions module hears it).
        await events.emit(trx, { type: 'sessions-ended', at: new Date(now()).toISOString(), actorId: admin.id, actorLanguage: 'en', userId, sessions: null, cause: 'second-factor-reset' });
        if (before.totp || before.passkeys > 0 || before.recoveryCodesLeft > 0) await tellOwner(trx, userId, 'reset-by-admin', admin.id);
        await audit.recordAtCommit(trx, {
          actorId: admin.id,
          action: 'two-factor.reset',
          entityType: 'user',
          entityId: userId,
          before: { ...before },
          after: { totp: false, passkeys: 0, recoveryCodesLeft: 0 },
        });
      });
    },
  };
}
