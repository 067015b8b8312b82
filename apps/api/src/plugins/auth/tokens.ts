import { AUTH_TOKEN_LIFETIME_MINUTES, REALTIME_TICKET_LIFETIME_SECONDS, type Role } from '@portal/contract';
import { randomBytes, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'city-service-portal';
const AUDIENCE = 'city-service-portal';
/** A ticket is no session token: verify() refuses it, and verifyTicket() refuses a session token. */
const TICKET_AUDIENCE = 'city-service-portal/realtime-ticket';
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
  /**
   * Two-factor (issue 21): a staff sign-in under STAFF_2FA=required without a second factor gets
   * a token that reaches only the set-up routes (access policy `duringEnrolment`).
   */
  enrolmentOnly: boolean;
}

/** What a token may carry besides the account (two-factor enrolment, issue 21). */
export interface SignOptions {
  enrolmentOnly?: boolean;
}

/** The session a WebSocket ticket was issued for (the token of the POST that asked for it). */
export interface TicketSession {
  userId: number;
  jti: string;
  generation: number;
  expiresAtMs: number;
}

/** What a genuine, unexpired ticket says. Whether it was used already is the database's to say. */
export interface VerifiedTicket {
  /** The ticket's own id: redeeming it records this id, so it opens one socket only. */
  ticketId: string;
  expiresAtMs: number;
  session: TicketSession;
}

export interface TokenService {
  /**
   * A JWT (HS256) valid for AUTH_TOKEN_LIFETIME_MINUTES, the same lifetime as the auth cookie,
   * with a random id (jti) and the account's current token generation.
   */
  sign(user: { id: number; role: Role }, tokenGeneration?: number, options?: SignOptions): Promise<string>;
  /**
   * What the token says, or null when it is malformed, forged, expired, lacks jti/generation, or
   * claims a lifetime (exp - iat) longer than a session's.
   */
  verify(token: string): Promise<VerifiedToken | null>;
  /** A WebSocket ticket (HS256, REALTIME_TICKET_LIFETIME_SECONDS) for `session`, with a random id. */
  signTicket(session: TicketSession): Promise<string>;
  /** What the ticket says, or null when it is malformed, forged or expired (or a session token). */
  verifyTicket(ticket: string): Promise<VerifiedTicket | null>;
}

const JTI_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

export function createTokenService(secret: string, lifetimeMinutes = AUTH_TOKEN_LIFETIME_MINUTES): TokenService {
  const lifetimeSeconds = lifetimeMinutes * 60;
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
    sign: async (user, tokenGeneration = 0, options = {}) => {
      // One clock reading for both claims, so exp - iat is the lifetime exactly (verify checks it).
      const issuedAt = Math.floor(Date.now() / 1000);
      return new SignJWT({ role: user.role, gen: tokenGeneration, ...(options.enrolmentOnly ? { enr: true } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(await keyPromise);
    },
    signTicket: async (session) =>
      new SignJWT({ sid: session.jti, gen: session.generation, sexp: session.expiresAtMs })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(session.userId))
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuer(ISSUER)
        .setAudience(TICKET_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${REALTIME_TICKET_LIFETIME_SECONDS}s`)
        .sign(await keyPromise),
    async verifyTicket(ticket) {
      if (ticket.length > MAX_TOKEN_LENGTH) return null;
      try {
        const { payload } = await jwtVerify(ticket, await keyPromise, { algorithms: ['HS256'], issuer: ISSUER, audience: TICKET_AUDIENCE });
        const { sub, exp, jti, sid, gen, sexp } = payload;
        if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub) || exp === undefined) return null;
        if (typeof jti !== 'string' || !JTI_SHAPE.test(jti) || typeof sid !== 'string' || !JTI_SHAPE.test(sid)) return null;
        if (typeof gen !== 'number' || !Number.isSafeInteger(gen) || gen < 0 || typeof sexp !== 'number' || !Number.isSafeInteger(sexp)) return null;
        return { ticketId: jti, expiresAtMs: exp * 1000, session: { userId: Number(sub), jti: sid, generation: gen, expiresAtMs: sexp } };
      } catch {
        return null;
      }
    },
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
        const { sub, exp, iat, jti, gen, enr } = payload;
        if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub) || exp === undefined) return null;
        // We never sign a token for longer than a session lasts: a longer one was not ours.
        if (iat === undefined || exp - iat > lifetimeSeconds) return null;
        if (typeof jti !== 'string' || !JTI_SHAPE.test(jti) || typeof gen !== 'number' || !Number.isSafeInteger(gen) || gen < 0) return null;
        const entry: VerifiedToken = { userId: Number(sub), jti, generation: gen, expiresAtMs: exp * 1000, enrolmentOnly: enr === true };
        remember(token, entry);
        return entry;
      } catch {
        return null;
      }
    },
  };
}

export const TOKEN_CLAIMS = { issuer: ISSUER, audience: AUDIENCE } as const;
