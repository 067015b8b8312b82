import { SESSION_WARNING_MS } from '@portal/contract';

/**
 * The server writes a session's last activity at most once a minute, so its idle clock may have
 * started up to this much before this tab's last call: the warning counts from the earlier time.
 */
export const IDLE_MARGIN_MS = 60_000;

export interface DeadlineInputs {
  /** When the token ends, on this computer's clock. */
  tokenEndsAt: number;
  /** Minutes without activity after which the server ends the session (staff); null: none. */
  idleMinutes: number | null;
  /** When this tab last called the API. */
  lastRequestAt: number;
}

/** When the session ends: the token's end, or the idle time-out's if that comes first. */
export function sessionEndsAt({ tokenEndsAt, idleMinutes, lastRequestAt }: DeadlineInputs): number {
  if (idleMinutes === null) return tokenEndsAt;
  return Math.min(tokenEndsAt, lastRequestAt + idleMinutes * 60_000 - IDLE_MARGIN_MS);
}

/** When the warning should open: two minutes before the end. */
export const warningAt = (endsAt: number): number => endsAt - SESSION_WARNING_MS;
