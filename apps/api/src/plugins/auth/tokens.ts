import { AUTH_TOKEN_LIFETIME_MINUTES, type Role } from '@portal/contract';
import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'city-service-portal';
const AUDIENCE = 'city-service-portal';
/** Far above a real token (~250 bytes); longer input is refused before any crypto runs. */
const MAX_TOKEN_LENGTH = 4_096;
/** Verified tokens remembered per process (one per active session; the oldest goes first). */
const VERIFIED_TOKENS_MAX = 10_000;

export interface TokenService {
  /** A JWT (HS256) valid for AUTH_TOKEN_LIFETIME_MINUTES, the same lifetime as the auth cookie. */
  sign(user: { id: number; role: Role }): Promise<string>;
  /** The user id the token was issued to, or null when it is malformed, forged or expired. */
  verify(token: string): Promise<number | null>;
}

export function createTokenService(secret: string, lifetimeMinutes = AUTH_TOKEN_LIFETIME_MINUTES): TokenService {
  // A CryptoKey imported once: given bytes or a KeyObject, jose (WebCrypto build) imports the
  // key again on every call, a visible share of an authenticated request's CPU (bench/chat).
  const keyPromise = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A signature checked once stays valid until the token expires, so a token already verified is
  // only checked against its expiry (HMAC through WebCrypto was ~10% of a chat read's CPU).
  // Whether the account may still act is decided per request from the database, not here.
  const verified = new Map<string, { userId: number; expiresAtMs: number }>();
  const remember = (token: string, entry: { userId: number; expiresAtMs: number }) => {
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, entry);
  };
  return {
    sign: async (user) =>
      new SignJWT({ role: user.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeMinutes}m`)
        .sign(await keyPromise),
    async verify(token) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.userId;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await keyPromise, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        // The role in the token is informative only: every request reads the current role from the database.
        if (typeof payload.sub !== 'string' || !/^[1-9]\d{0,9}$/.test(payload.sub) || payload.exp === undefined) return null;
        const userId = Number(payload.sub);
        remember(token, { userId, expiresAtMs: payload.exp * 1000 });
        return userId;
      } catch {
        return null;
      }
    },
  };
}

export const TOKEN_CLAIMS = { issuer: ISSUER, audience: AUDIENCE } as const;
