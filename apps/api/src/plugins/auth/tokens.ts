import { AUTH_TOKEN_LIFETIME_MINUTES, type Role } from '@portal/contract';
import { randomBytes, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'city-service-portal';
const AUDIENCE = 'city-service-portal';
/** Far above a real token (~250 bytes); longer input is refused before any crypto runs. */
const MAX_TOKEN_LENGTH = 4_096;
/** Verified tokens remembered per process (one per active session; the oldest goes first). */
const VERIFIED_TOKENS_MAX = 10_000;

/** What a genuine, unexpired token says. Whether it still counts is the database's to say. */
export interface VerifiedToken {
  userId: number;
  /** This token's own id: POST /logout revokes it (revoked_tokens). */
  jti: string;
  /** The account's token generation when it was issued; deactivation moves the account on. */
  generation: number;
  expiresAtMs: number;
}

export interface TokenService {
  /**
   * A JWT (HS256) valid for AUTH_TOKEN_LIFETIME_MINUTES, the same lifetime as the auth cookie,
   * with a random id (jti) and the account's current token generation.
   */
  sign(user: { id: number; role: Role }, tokenGeneration?: number): Promise<string>;
  /** What the token says, or null when it is malformed, forged, expired or lacks jti/generation. */
  verify(token: string): Promise<VerifiedToken | null>;
}

const JTI_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

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
  // Revocation is not decided here: every request asks the database (plugins/auth/index.ts).
  const verified = new Map<string, VerifiedToken>();
  const remember = (token: string, entry: VerifiedToken) => {
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, entry);
  };
  return {
    sign: async (user, tokenGeneration = 0) =>
      new SignJWT({ role: user.role, gen: tokenGeneration })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeMinutes}m`)
        .sign(await keyPromise),
    async verify(token) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await keyPromise, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        // The role in the token is informative only: every request reads the current role from the database.
        const { sub, exp, jti, gen } = payload;
        if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub) || exp === undefined) return null;
        if (typeof jti !== 'string' || !JTI_SHAPE.test(jti) || typeof gen !== 'number' || !Number.isSafeInteger(gen) || gen < 0) return null;
        const entry: VerifiedToken = { userId: Number(sub), jti, generation: gen, expiresAtMs: exp * 1000 };
        remember(token, entry);
        return entry;
      } catch {
        return null;
      }
    },
  };
}

export const TOKEN_CLAIMS = { issuer: ISSUER, audience: AUDIENCE } as const;
