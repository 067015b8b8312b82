import { authApiMessages, isTotpCode, LOGIN_CHALLENGE_SECONDS, type LoginChallengeResponse, type PasskeyCredentialJson, type PasskeyOptionsResponse, type Role, type SecondFactorMethod, type TokenResponse, twoFactorMessages as m, type TwoFactorStatusResponse } from '@portal/contract';
import { type AuthenticationResponseJSON, generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import { nowIso } from '../../../db/portable.js';
import { forbidden, unauthorized } from '../../../plugins/api-error.js';
import type { AuthUser, SessionToken } from '../../../plugins/auth/index.js';
import type { SessionClient } from '../../../ports/sessions.js';
import type { IssueToken } from '../token-issuer.js';
import type { CodeGuard } from './code-guard.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { createTwoFactorSetUp, type TwoFactorSetUpDeps } from './set-up.js';
import { matchTotp } from './totp.js';

export interface TwoFactorDeps extends Omit<TwoFactorSetUpDeps, 'fullToken' | 'enrolmentRequired'> {
  /** Signs a token and records its session row (the one issuer the password login uses too). */
  issueToken: IssueToken;
  /** Wrong codes per challenge and per account, across all addresses (issue 34). */
  codeGuard: CodeGuard;
}

/** The answer of POST /login: the spec's token, or the challenge of a second step. */
export type LoginAnswer = TokenResponse | LoginChallengeResponse;

const PASSKEY_CEREMONY_MS = 5 * 60_000;
const isStaff = (role: Role) => role === 'EMPLOYEE' || role === 'ADMIN';
const randomId = () => randomBytes(24).toString('base64url');

export function createTwoFactorService(deps: TwoFactorDeps) {
  const { repository, box, users, issueToken, codeGuard, throttle, config, now } = deps;
  const at = () => nowIso(new Date(now()));
  const enrolmentRequired = (role: Role) => config.staffMode === 'required' && isStaff(role);

  /** The account's current state and token generation, as a login sees it; null when it cannot sign in. */
  async function signInAccount(userId: number) {
    const user = await users.findUser(userId);
    const found = user && (await users.findLoginAccount(user.username));
    if (!found || found.user.id !== userId) return null;
    if (!found.user.enabled) throw forbidden(authApiMessages.accountDisabled);
    return found;
  }

  async function fullToken(userId: number, client: SessionClient): Promise<TokenResponse> {
    const found = await signInAccount(userId);
    if (!found) throw unauthorized(m.challengeExpired);
    await repository.dropLoginChallenges(userId);
    return { tokenJWT: await issueToken(found.user, found.tokenGeneration, client) };
  }

  const setUp = createTwoFactorSetUp({ ...deps, fullToken, enrolmentRequired });

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
     * wrong passwords, then in the code guard (per challenge and per account, from any address).
     */
    async loginWithCode(challengeId: string, code: string, client: SessionClient): Promise<TokenResponse> {
      const challenge = await repository.findChallenge(challengeId, 'login', at());
      const user = challenge?.user_id ? await users.findUser(challenge.user_id) : undefined;
      if (!challenge || !user) throw unauthorized(m.challengeExpired);
      const attempt = await throttle.reserve(user.username, client.address);
      const guarded = await codeGuard.reserve(user.id, challengeId);
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
      if (!right) {
        await guarded.failed();
        throw unauthorized(m.codeWrong);
      }
      await guarded.succeeded();
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

    ...setUp,
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

