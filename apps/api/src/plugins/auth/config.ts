import { defineSlice, optionalText } from '../../config-kit.js';

const PRODUCTION_SECRET_MIN_LENGTH = 32;

/**
 * JWT_SECRET, or null: then 256 random bits are generated on the first start into
 * `<keys dir>/<db>.session.key` beside the audit key, never into the database (secret.ts).
 */
export const sessionKeySlice = defineSlice({ JWT_SECRET: optionalText })((env, production: boolean, problems): { jwtSecret: string | null } => {
  const jwtSecret = env.JWT_SECRET ?? null;
  if (production && jwtSecret !== null && jwtSecret.length < PRODUCTION_SECRET_MIN_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${PRODUCTION_SECRET_MIN_LENGTH} characters in production (or unset: a random one is generated)`);
  }
  return { jwtSecret };
});
