// A matter's timeline (issue 32 point 2) and the rating of a resolved letter (point 8's last
// bullet): the kinds of matter, the limits and the English messages; no zod.

/** What a timeline is about: a citizen's letter (`L-n`) or case (`C-n`). */
export const TIMELINE_MATTERS = ['letter', 'case'] as const;
export type TimelineMatter = (typeof TIMELINE_MATTERS)[number];

/**
 * Who made an entry, as a citizen may read it: the citizen, the office (a clerk's name where the
 * letter view already shows "Handled by"), or an admin.
 */
export const TIMELINE_ACTORS = ['citizen', 'office', 'admin'] as const;
export type TimelineActor = (typeof TIMELINE_ACTORS)[number];

/**
 * The event types the web words specifically; any other type of the portal's events that names a
 * matter is still stored and shown, with a neutral line (other helpers add types; the timeline
 * does not have to be edited for them to appear).
 */
export const KNOWN_TIMELINE_TYPES = [
  'letter-sent',
  'conversation-taken',
  'message-sent',
  'conversation-resolved',
  'case-submitted',
  'case-status-changed',
  'document-added',
  'case-term-extended',
  'case-supplement-requested',
  'case-supplement-answered',
  'case-decision-delivered',
  'case-appealed',
  'letter-rated',
  'case-note-added',
  'conversation-note-added',
] as const;

/**
 * Types that are the office's own business, never in a citizen's timeline: internal notes, whatever
 * their name, and the clerks' warnings that a term runs out (the citizen hears of a late matter
 * through the delay notice, and a warning must not read as something that happened to their matter).
 */
export const isStaffOnlyTimelineType = (type: string): boolean => /(^|-)note(-|$)/.test(type) || type === 'matter-deadline-warning';

/** The longest comment beside a rating, in characters: a longer one is refused (400), never cut. */
export const RATING_COMMENT_MAX = 1_000;
/** How long the rating link in the resolution email works, in days. */
export const RATING_LINK_DAYS = 30;
/** The web's public page the email's rating link opens (`/rate#<token>`: the token never reaches a server log). */
export const RATING_PAGE = '/rate';

/** The server's wording for ratings (the spec words none of it). */
export const ratingMessages = {
  helpfulRequired: 'Choose whether the answer helped you.',
  commentTooLong: `A comment must be at most ${RATING_COMMENT_MAX} characters.`,
  notResolved: 'Only a resolved letter can be rated: this one is still being handled.',
  alreadyRated: 'This answer has already been rated; a letter can be rated once.',
  linkInvalid: 'This rating link is not valid.',
  linkExpired: 'This rating link has expired.',
} as const;

/** A 410's message: the link expired, and since when (the day, in Warsaw, written by the caller). */
export const ratingLinkExpiredSince = (since: string): string => `${ratingMessages.linkExpired} It worked until ${since}.`;
