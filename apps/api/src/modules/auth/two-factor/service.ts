import {
  apiMessages,
  isTotpCode,
  LOGIN_CHALLENGE_SECONDS,
  type LoginChallengeResponse,
  type PasskeyCredentialJson,
  type PasskeyOptionsResponse,
  type Role,
  type SecondFactorMethod,
  type TokenResponse,
  type TotpSetupResponse,
  type TwoFactorEnabledResponse,
  type TwoFactorStatusResponse,
  twoFactorMessages as m,
} from '@portal/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import type { TwoFactorConfig } from '../../../config.js';
import { nowIso } from '../../../db/portable.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../../plugins/api-error.js';
import { argon2Verifier, type AuthUser, type PasswordVerifier, type SessionToken } from '../../../plugins/auth/index.js';
import type { SessionClient } from '../../sessions/index.js';
import type { IssueToken } from '../token-issuer.js';
import type { AuditService } from '../../audit/index.js';
import type { UsersService } from '../../users/index.js';
import type { LoginThrottle } from '../login-throttle.js';
import type { Revocations } from '../revocations.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import type { TwoFactorRepository } from './repository.js';
import type { SecretBox } from './secret-box.js';
import { matchTotp, newTotpSecret, totpUri } from './totp.js';

export interface TwoFactorDeps {
  repository: TwoFactorRepository;
  box: SecretBox;
  users: UsersService;
  audit: AuditService;
  /** Signs a token and records its session row (the one issuer the password login uses too). */
  issueToken: IssueToken;
  /** THE login throttle: a code attempt counts exactly like a password attempt. */
  throttle: LoginThrottle;
  revocations: Revocations;
  config: TwoFactorConfig;
  /** The office's name: the issuer an authenticator app shows, the passkey's relying party. */
  issuer: string;
  /** The clock of TOTP steps and challenge expiry (tests step it). */
  now: () => number;
  /** Checks the password that turning the second factor off asks for again. */
  passwords?: PasswordVerifier;
}

/** The answer of POST /login: the spec's token, or the challenge of a second step. */
export type LoginAnswer = TokenResponse | LoginChallengeResponse;

const PASSKEY_CEREMONY_MS = 5 * 60_000;
const isStaff = (role: Role) => role === 'EMPLOYEE' || role === 'ADMIN';
const randomId = () => randomBytes(24).toString('base64url');

export function createTwoFactorService(deps: TwoFactorDeps) {
  const { repository, box, users, audit, issueToken, throttle, revocations, config, issuer, now, passwords = argon2Verifier } = deps;
  const at = () => nowIso(new Date(now()));
  const enrolmentRequired = (role: Role) => config.staffMode === 'required' && isStaff(role);

  /** The account's current state and token generation, as a login sees it; null when it cannot sign in. */
  async function signInAccount(userId: number) {
    const user = await users.findUser(userId);
    const found = user && (await users.findLoginAccount(user.username));
    if (!found || found.user.id !== userId) return null;
    if (!found.user.enabled) throw forbidden(apiMessages.accountDisabled);
    return found;
  }

  async function fullToken(userId: number, client: SessionClient): Promise<TokenResponse> {
    const found = await signInAccount(userId);
    if (!found) throw unauthorized(m.challengeExpired);
    await repository.dropLoginChallenges(userId);
    return { tokenJWT: await issueToken(found.user, found.tokenGeneration, client) };
  }

  /**
   * The first factor of an account was just set up: its recovery codes (when it has none left)
   * and, for an enrolment-only session, the full token that replaces it (the old one is revoked).
   */
  async function factorAdded(caller: AuthUser, session: SessionToken | null, client: SessionClient): Promise<TwoFactorEnabledResponse> {
    const before = await repository.summary(caller.id);
    let recoveryCodes: string[] | null = null;
    if (before.recoveryCodesLeft === 0) {
      recoveryCodes = newRecoveryCodes();
      await repository.replaceRecoveryCodes(caller.id, recoveryCodes.map(hashRecoveryCode));
    }
    if (!session?.enrolmentOnly) return { recoveryCodes };
    const { tokenJWT } = await fullToken(caller.id, client);
    await revocations.revoke(session.jti, session.expiresAtMs);
    return { recoveryCodes, tokenJWT };
  }

  async function methodsOf(userId: number): Promise<SecondFactorMethod[]> {
    const summary = await repository.summary(userId);
    const methods: SecondFactorMethod[] = [];
    if (summary.totp) methods.push('totp');
    if (summary.passkeys > 0) methods.push('passkey');
    if (summary.recoveryCodesLeft > 0) methods.push('recovery');
    return methods;
  }

  return {
    /**
     * After a right password (auth service): the spec's token for an account without a second
     * factor (enrolment-only for staff under STAFF_2FA=required), else a challenge for the second step.
     */
    async afterPassword(user: AuthUser, tokenGeneration: number, client: SessionClient): Promise<LoginAnswer> {
      const methods = await methodsOf(user.id);
      if (methods.includes('totp') || methods.includes('passkey')) {
        const challenge = randomId();
        await repository.putChallenge(
          { id: challenge, purpose: 'login', userId: user.id, webauthnChallenge: null, expiresAt: nowIso(new Date(now() + LOGIN_CHALLENGE_SECONDS * 1000)) },
          at(),
        );
        return { secondFactor: { challenge, methods, expiresInSeconds: LOGIN_CHALLENGE_SECONDS } };
      }
      return { tokenJWT: await issueToken(user, tokenGeneration, client, { enrolmentOnly: enrolmentRequired(user.role) }) };
    },

    /**
     * The second step: a TOTP code or a recovery code for the challenge. Each attempt is reserved
     * in the login throttle first (same counters as the password), so wrong codes lock out like
     * wrong passwords. The challenge stays usable after a wrong code until it expires.
     */
    async loginWithCode(challengeId: string, code: string, client: SessionClient): Promise<TokenResponse> {
      const challenge = await repository.findChallenge(challengeId, 'login', at());
      const user = challenge?.user_id ? await users.findUser(challenge.user_id) : undefined;
      if (!challenge || !user) throw unauthorized(m.challengeExpired);
      const attempt = await throttle.reserve(user.username, client.address);
      let right = false;
      if (isTotpCode(code)) {
        const totp = await repository.findTotp(user.id);
        if (totp?.confirmed_at) {
          const step = await matchTotp(box.open(totp.secret_enc, user.id), code, now(), Number(totp.last_time_step));
          right = step !== null && (await repository.useTotpStep(user.id, step, at()));
        }
      } else {
        right = await repository.useRecoveryCode(user.id, hashRecoveryCode(code), at());
      }
      if (!right) throw unauthorized(m.codeWrong);
      if (!(await repository.takeChallenge(challengeId))) throw unauthorized(m.challengeExpired);
      await attempt.succeeded();
      return fullToken(user.id, client);
    },

    /** Options for a passkey: the second step of a challenge (its account's passkeys) or a passwordless sign-in. */
    async passkeyLoginOptions(loginChallenge: string | undefined): Promise<PasskeyOptionsResponse> {
      let userId: number | null = null;
      let allow: { id: string; transports?: string[] }[] | undefined;
      if (loginChallenge !== undefined) {
        const challenge = await repository.findChallenge(loginChallenge, 'login', at());
        if (!challenge?.user_id) throw unauthorized(m.challengeExpired);
        userId = challenge.user_id;
        allow = (await repository.listPasskeys(userId)).map((p) => ({ id: p.id, transports: p.transports }));
      }
      const options = await generateAuthenticationOptions({
        rpID: config.rpId,
        allowCredentials: allow,
        // Passwordless: the passkey is both factors, so the device must check its owner.
        userVerification: userId === null ? 'required' : 'preferred',
      });
      const ceremony = randomId();
      await repository.putChallenge(
        { id: ceremony, purpose: 'passkey-login', userId, webauthnChallenge: options.challenge, expiresAt: nowIso(new Date(now() + PASSKEY_CEREMONY_MS)) },
        at(),
      );
      return { ceremony, options: { ...options } };
    },

    async loginWithPasskey(ceremonyId: string, credential: PasskeyCredentialJson, client: SessionClient): Promise<TokenResponse> {
      const ceremony = await repository.findChallenge(ceremonyId, 'passkey-login', at());
      if (!ceremony?.webauthn_challenge) throw unauthorized(m.challengeExpired);
      const passkey = await repository.findPasskey(credential.id);
      if (!passkey || (ceremony.user_id !== null && passkey.userId !== ceremony.user_id)) throw unauthorized(m.passkeyUnknown);
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response: credential as unknown as AuthenticationResponseJSON,
          expectedChallenge: ceremony.webauthn_challenge,
          expectedOrigin: config.origins,
          expectedRPID: config.rpId,
          credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports },
          requireUserVerification: ceremony.user_id === null,
        });
      } catch {
        throw unauthorized(m.passkeyRefused);
      }
      if (!verified.verified || !(await repository.takeChallenge(ceremonyId))) throw unauthorized(m.passkeyRefused);
      await repository.passkeyUsed(passkey.id, verified.authenticationInfo.newCounter, at());
      return fullToken(passkey.userId, client);
    },

    async status(caller: AuthUser, session: SessionToken | null): Promise<TwoFactorStatusResponse> {
      const summary = await repository.summary(caller.id);
      const passkeys = await repository.listPasskeys(caller.id);
      return {
        totp: summary.totp,
        passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt })),
        recoveryCodesLeft: summary.recoveryCodesLeft,
        required: enrolmentRequired(caller.role),
        enrolmentPending: session?.enrolmentOnly ?? false,
      };
    },

    /** A new secret for the caller's app; 409 once an app is set up (turn it off or ask an admin first). */
    async startTotp(caller: AuthUser): Promise<TotpSetupResponse> {
      const secret = newTotpSecret();
      if (!(await repository.putPendingTotp(caller.id, box.seal(secret, caller.id), at()))) throw conflict(m.alreadyOn);
      return { secret, otpauthUri: totpUri(secret, issuer, caller.username) };
    },

    /** The first code from the app turns it on; throttled like a password. */
    async confirmTotp(caller: AuthUser, session: SessionToken | null, code: string, client: SessionClient): Promise<TwoFactorEnabledResponse> {
      const totp = await repository.findTotp(caller.id);
      if (!totp) throw conflict(m.noSetupStarted);
      if (totp.confirmed_at) throw conflict(m.alreadyOn);
      const attempt = await throttle.reserve(caller.username, client.address);
      const step = await matchTotp(box.open(totp.secret_enc, caller.id), code, now(), Number(totp.last_time_step));
      if (step === null || !(await repository.useTotpStep(caller.id, step, at()))) {
        throw badRequest(m.codeWrong, { code: m.codeWrong });
      }
      await attempt.succeeded();
      return factorAdded(caller, session, client);
    },

    async regenerateRecoveryCodes(caller: AuthUser): Promise<{ recoveryCodes: string[] }> {
      const summary = await repository.summary(caller.id);
      if (!summary.totp && summary.passkeys === 0) throw conflict(m.notOn);
      const recoveryCodes = newRecoveryCodes();
      await repository.replaceRecoveryCodes(caller.id, recoveryCodes.map(hashRecoveryCode));
      return { recoveryCodes };
    },

    /**
     * The caller turns their own second factor off with their password (throttled like a sign-in);
     * staff under STAFF_2FA=required may not.
     */
    async turnOff(caller: AuthUser, password: string, client: SessionClient): Promise<void> {
      if (enrolmentRequired(caller.role)) throw conflict(m.requiredForStaff);
      const attempt = await throttle.reserve(caller.username, client.address);
      const found = await users.findLoginAccount(caller.username);
      if (!found || found.user.id !== caller.id || !(await passwords.verify(found.passwordHash, password))) {
        throw badRequest(m.passwordWrong, { password: m.passwordWrong });
      }
      await attempt.succeeded();
      await repository.transaction((trx) => repository.removeAll(caller.id, trx));
    },

    async passkeyRegistrationOptions(caller: AuthUser): Promise<PasskeyOptionsResponse> {
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
      if (!verified.verified || !(await repository.takeChallenge(input.ceremony))) throw badRequest(m.passkeyRefused);
      const { credential } = verified.registrationInfo;
      const count = (await repository.listPasskeys(caller.id)).length;
      await repository.insertPasskey({
        id: credential.id,
        userId: caller.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name || `Passkey ${count + 1}`,
        createdAt: at(),
      });
      return factorAdded(caller, session, client);
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
        await audit.record(trx, {
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

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

