import { z } from 'zod/mini';
import { multiLineText } from './fields-schemas.js';
import { RATING_COMMENT_MAX, ratingMessages, TIMELINE_ACTORS } from './timeline.js';

// The timeline's and the rating's zod schemas (issue 32 points 2 and 8).

/** A fact an entry carries to be worded: a status, a reason, a document's name, a count. */
const fact = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One entry of a matter's timeline, oldest first. */
export const timelineEntry = z.object({
  id: z.int(),
  /** The portal event's type (`case-status-changed`, …); unknown ones are shown with a neutral line. */
  type: z.string(),
  /** ISO 8601, the server's clock at the change. */
  at: z.string(),
  actor: z.object({ role: z.enum(TIMELINE_ACTORS), name: z.nullable(z.string()) }),
  facts: z.record(z.string(), fact),
  /** The signed receipt the change earned, if any (GET /api/receipts/{id}). */
  receiptId: z.nullable(z.int()),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** GET /api/timeline/letters/{id} (the letter's id, `L-n`) and /api/timeline/cases/{id}. */
export const timelineResponse = z.object({ reference: z.string(), entries: z.array(timelineEntry) });
export type TimelineResponse = z.infer<typeof timelineResponse>;

/** A rating: helpful or not, and an optional comment. */
export const letterRatingRequest = z.object({
  helpful: z.boolean({ error: ratingMessages.helpfulRequired }),
  comment: z.optional(multiLineText(RATING_COMMENT_MAX, { required: ratingMessages.commentTooLong, tooLong: ratingMessages.commentTooLong })),
});
export type LetterRatingRequest = z.input<typeof letterRatingRequest>;

/** POST /api/letters/{id}/rating and the token's POST: what was stored. */
export const letterRatingResponse = z.object({ letterId: z.int(), helpful: z.boolean(), ratedAt: z.string() });
export type LetterRatingResponse = z.infer<typeof letterRatingResponse>;

/** The token of the email's link, in the path. */
export const ratingTokenParams = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

/** GET /api/ratings/{token}: what the public page shows above the form, and whether it was rated. */
export const ratingLinkResponse = z.object({
  reference: z.string(),
  subject: z.string(),
  rated: z.boolean(),
  /** The last moment the link works (ISO 8601). */
  expiresAt: z.string(),
});
export type RatingLinkResponse = z.infer<typeof ratingLinkResponse>;

/** GET /api/letters/{id}/rating: the owner's own rating of a letter, or null. */
export const ownRatingResponse = z.object({ rating: z.nullable(letterRatingResponse) });
export type OwnRatingResponse = z.infer<typeof ownRatingResponse>;
