import { defineSlice, wholeNumber } from '../config-kit.js';

/** How many connections one server process holds open (connection-limits.ts applies them). */
export interface ConnectionLimits {
  /** Every open connection of the process: HTTP keep-alive, WebSockets and ones that sent nothing yet. */
  max: number;
  /** The open connections of one peer address (behind a proxy the peer is the proxy). */
  perAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { max: 4_096, perAddress: 256 };

/**
 * Behind a proxy (TRUST_PROXY) every connection comes from the proxy's address, which caps each
 * client itself (deploy/nginx: limit_conn): there the per-address cap defaults to the total.
 */
export const connectionsSlice = defineSlice({
  CONNECTIONS_MAX: wholeNumber(1, 1_000_000),
  CONNECTIONS_PER_ADDRESS: wholeNumber(1, 1_000_000),
})((env, behindProxy: boolean, problems): { connections: ConnectionLimits } => {
  const max = env.CONNECTIONS_MAX ?? DEFAULT_CONNECTION_LIMITS.max;
  const perAddress = env.CONNECTIONS_PER_ADDRESS ?? (behindProxy ? max : Math.min(DEFAULT_CONNECTION_LIMITS.perAddress, max));
  if (perAddress > max) problems.push(`CONNECTIONS_PER_ADDRESS (${perAddress}) cannot exceed CONNECTIONS_MAX (${max})`);
  return { connections: { max, perAddress } };
});
