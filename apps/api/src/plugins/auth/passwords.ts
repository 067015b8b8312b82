import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): the cost a login pays on purpose
 * (its time per hash is in bench/README.md).
 * `algorithm: 2` is Algorithm.Argon2id; the package ships it as a const enum that isolated
 * modules cannot read.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check when the username does not exist, so response times do
 * not reveal which usernames are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-1');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** How logins check passwords; tests pass a spy to count the checks (or a fast stand-in). */
export interface PasswordVerifier {
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** The same work as `verify` for a username that does not exist. */
  verifyAgainstDummy(password: string): Promise<false>;
}

export const argon2Verifier: PasswordVerifier = { verify: verifyPassword, verifyAgainstDummy };
