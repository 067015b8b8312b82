import { defineSlice, optionalText } from '../config-kit.js';

const METRICS_TOKEN_MIN_LENGTH = 16;

/** METRICS_TOKEN: GET /metrics answers only `Authorization: Bearer <it>`; null: /metrics is 404. */
export const metricsSlice = defineSlice({ METRICS_TOKEN: optionalText })((env, _context: void, problems): { metricsToken: string | null } => {
  const metricsToken = env.METRICS_TOKEN ?? null;
  if (metricsToken !== null && metricsToken.length < METRICS_TOKEN_MIN_LENGTH) {
    problems.push(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters (or unset: no /metrics)`);
  }
  return { metricsToken };
});
