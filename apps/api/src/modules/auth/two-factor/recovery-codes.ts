import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@portal/contract';
import { createHash, randomInt } from 'node:crypto';

/** Crockford base32: no I, L, O or U, so a code read aloud or copied by hand stays unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Ten fresh codes like `7KQ2M-X9D4T` (50 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * What is stored of a code: SHA-256 of its canonical form (upper case, no dash). 50 random bits
 * need no slow hash: guessing is bounded by the login throttle, not by hashing speed.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/-/g, '').toUpperCase(), 'utf8').digest('hex');
}
