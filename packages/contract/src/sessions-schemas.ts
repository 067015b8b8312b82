import { z } from 'zod/mini';

// The sessions domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in sessions.ts, which the web's texts import without building these.

/** One of the caller's sessions as "Your sessions" shows it. */
export const sessionSummary = z.object({
  /** Names the session for ending it alone (POST /api/sessions/:sessionId/end); not its token's id. */
  id: z.string(),
  /** When the person signed in (a refreshed session keeps its first sign-in time). */
  startedAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  /** The browser's User-Agent header as sent (the web turns it into a short name). */
  userAgent: z.string(),
  address: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

export const sessionListResponse = z.object({
  sessions: z.array(sessionSummary),
  /** Minutes without activity after which the caller's sessions end; null: none (citizens). */
  idleMinutes: z.nullable(z.int()),
});
export type SessionListResponse = z.infer<typeof sessionListResponse>;

export const sessionsEndedResponse = z.object({ ended: z.int().check(z.nonnegative()) });
export type SessionsEndedResponse = z.infer<typeof sessionsEndedResponse>;

/** The id of one of the caller's sessions, as the list gives it. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const sessionIdParams = z.object({ sessionId: z.string().check(z.regex(SESSION_ID_PATTERN)) });
