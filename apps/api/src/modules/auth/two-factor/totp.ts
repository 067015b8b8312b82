import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@portal/contract';
import { generateSecret, generateURI, verify } from 'otplib';

/** A new base32 secret (otplib's default: 20 random bytes, as authenticator apps expect). */
export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://totp/...` address the QR code carries. */
export const totpUri = (secret: string, issuer: string, account: string): string =>
  generateURI({ issuer, label: account, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

/**
 * The time step `code` is right for at `nowMs` (one step of drift either way is accepted), or
 * null. A step at or before `afterStep` is refused: a code works once.
 */
export async function matchTotp(secret: string, code: string, nowMs: number, afterStep: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep > 0 ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
