import { defineSlice, wholeNumber } from '../../config-kit.js';

/** What one WebSocket may ask of the server (command-limiter.ts enforces it). */
export interface CommandLimits {
  /** Frames per second a socket may keep sending (the bucket refills at this rate). */
  perSecond: number;
  /** Frames a socket may send at once before the rate applies (the bucket's size). */
  burst: number;
  /** Commands received but not yet applied; one more and the socket is abusing. */
  queueMax: number;
}

export const DEFAULT_COMMAND_LIMITS: CommandLimits = { perSecond: 20, burst: 60, queueMax: 20 };

/** Beyond these limits a socket is closed with 1008. */
export const realtimeSlice = defineSlice({
  WS_COMMANDS_PER_SECOND: wholeNumber(1, 100_000),
  WS_COMMAND_BURST: wholeNumber(1, 100_000),
  WS_COMMAND_QUEUE_MAX: wholeNumber(1, 100_000),
})(
  (env): { liveCommands: CommandLimits } => ({
    liveCommands: {
      perSecond: env.WS_COMMANDS_PER_SECOND ?? DEFAULT_COMMAND_LIMITS.perSecond,
      burst: env.WS_COMMAND_BURST ?? DEFAULT_COMMAND_LIMITS.burst,
      queueMax: env.WS_COMMAND_QUEUE_MAX ?? DEFAULT_COMMAND_LIMITS.queueMax,
    },
  }),
);
