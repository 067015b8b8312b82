import { AUTH_TOKEN_LIFETIME_MINUTES, type Role } from '@portal/contract';
import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'city-service-portal';
const AUDIENCE = 'city-service-portal';
/** Far above a real token (~250 bytes); longer input is refused before any crypto runs. */
const MAX_TOKEN_LENGTH = 4_096;

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
      try {
        const { payload } = await jwtVerify(token, await keyPromise, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        // The role in the token is informative only: every request reads the current role from the database.
        return typeof payload.sub === 'string' && /^[1-9]\d{0,9}$/.test(payload.sub) ? Number(payload.sub) : null;
      } catch {
        return null;
      }
    },
  };
}

export const TOKEN_CLAIMS = { issuer: ISSUER, audience: AUDIENCE } as const;
