import { defineSlice, wholeNumber } from '../config-kit.js';

/** How long a request's body may take to arrive (body-deadlines.ts; README "Security"). */
export interface BodyDeadlines {
  /** A body from which no byte arrived for this long is answered 408 and its connection closed. */
  idleMs: number;
  /** The whole body of an ordinary request must arrive within this. */
  requestMs: number;
  /** The whole body of a document upload must arrive within this (an upload that keeps sending). */
  uploadMs: number;
}

export const bodyDeadlinesSlice = defineSlice({
  REQUEST_BODY_IDLE_SECONDS: wholeNumber(1, 3_600),
  REQUEST_BODY_SECONDS: wholeNumber(1, 3_600),
  UPLOAD_BODY_SECONDS: wholeNumber(1, 24 * 3_600),
})(
  (env): { bodyDeadlines: BodyDeadlines } => ({
    // A phone on a poor connection still sends a few KB a second; 10 minutes carry a 10 MB PDF at 17 KB/s.
    bodyDeadlines: {
      idleMs: (env.REQUEST_BODY_IDLE_SECONDS ?? 20) * 1000,
      requestMs: (env.REQUEST_BODY_SECONDS ?? 60) * 1000,
      uploadMs: (env.UPLOAD_BODY_SECONDS ?? 600) * 1000,
    },
  }),
);
