import {
  loginChallengeResponse,
  passkeyOptionsResponse,
  tokenResponse,
  twoFactorStatusResponse,
  type LoginRequest,
  type PasskeyCredentialJson,
  type PasskeyOptionsResponse,
  type RegisterRequest,
  type SecondFactorLoginRequest,
  type TokenResponse,
  type TwoFactorStatusResponse,
} from '@portal/contract';
import { z } from 'zod/mini';
import { http } from '../../../lib/http';

// One function per API operation of signing in (spec sections 5 and 7; the second step, issue 21).

/** POST /login answers the spec's token, or (an account with a second factor) a challenge. */
export const loginAnswer = z.union([tokenResponse, loginChallengeResponse]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export function logIn(body: LoginRequest): Promise<LoginAnswer> {
  return http.post('/login', body, loginAnswer);
}

export function registerCitizen(body: RegisterRequest): Promise<TokenResponse> {
  return http.post('/register', body, tokenResponse);
}

export function logInWithCode(body: SecondFactorLoginRequest): Promise<TokenResponse> {
  return http.post('/login/second-factor', body, tokenResponse);
}

/** With the challenge of POST /login: a second step; without: a passwordless sign-in. */
export function passkeyLoginOptions(challenge?: string): Promise<PasskeyOptionsResponse> {
  return http.post('/login/passkey/options', challenge ? { challenge } : {}, passkeyOptionsResponse);
}

export function logInWithPasskey(body: { ceremony: string; credential: PasskeyCredentialJson }): Promise<TokenResponse> {
  return http.post('/login/passkey', body, tokenResponse);
}

/** The signed-in person's second factors: the welcome view reminds of them. */
export function twoFactorStatus(): Promise<TwoFactorStatusResponse> {
  return http.get('/api/two-factor', twoFactorStatusResponse);
}
