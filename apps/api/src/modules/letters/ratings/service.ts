import {
  type Department,
  type Language,
  letterReference,
  type LetterRatingRequest,
  type LetterRatingResponse,
  type RatingLinkResponse,
  ratingLinkExpiredSince,
  ratingMessages as m,
  writeCalendarDate,
} from '@portal/contract';
import { ApiError, conflict, notFound } from '../../../plugins/api-error.js';
import type { AuthUser } from '../../../plugins/auth/index.js';
import type { PortalEvents } from '../../../plugins/events.js';
import { warsawDateOf } from '../../../plugins/legal-clock/terms.js';
import type { RatingLinks } from '../../../plugins/rating-links.js';
import type { RatedLetter, RatingsRepository } from './repository.js';

export interface RatingsServiceDeps {
  ratings: RatingsRepository;
  events: PortalEvents;
  links: RatingLinks;
  /** The clock the links expire by (tests move it). */
  now?: () => Date;
}

/** Helpful and not-helpful ratings of one department's answers in a period. */
export interface DepartmentRatingCounts {
  department: Department;
  helpful: number;
  notHelpful: number;
}

const linkInvalid = () => notFound(m.linkInvalid);

/**
 * Ratings of resolved letters (issue 32 point 8): once per letter, by its writer, from the portal
 * or the email's signed link; each is one `letter-rated` event (audited by the audit subscriber).
 */
export function createRatingsService({ ratings, events, links, now = () => new Date() }: RatingsServiceDeps) {
  async function rate(letter: RatedLetter, body: LetterRatingRequest, via: 'portal' | 'email-link', language: Language): Promise<LetterRatingResponse> {
    const at = now().toISOString();
    return events.transaction(async (trx) => {
      const current = await ratings.findLetter(letter.letterId, trx);
      if (!current || current.status !== 'RESOLVED') throw conflict(m.notResolved);
      const comment = body.comment ?? null;
      if (!(await ratings.insert({ letterId: letter.letterId, userId: letter.ownerId, helpful: body.helpful, comment, ratedAt: at, via }, trx))) {
        throw conflict(m.alreadyRated);
      }
      await events.emit(trx, {
        type: 'letter-rated',
        at,
        actorId: letter.ownerId,
        actorLanguage: language,
        conversationId: letter.conversationId,
        letterId: letter.letterId,
        ownerId: letter.ownerId,
        subject: letter.subject,
        helpful: body.helpful,
        hasComment: comment !== null,
        via,
      });
      return { letterId: letter.letterId, helpful: body.helpful, ratedAt: at };
    });
  }

  /** The letter a link names, while the link works: 404 for a forged or unknown one, 410 once expired (saying since when). */
  async function letterOfLink(token: string): Promise<{ letter: RatedLetter; expiresAt: Date }> {
    const link = links.verify(token);
    if (!link) throw linkInvalid();
    const letter = await ratings.findLetter(link.letterId);
    if (!letter) throw linkInvalid();
    if (now().getTime() >= link.expiresAt.getTime()) {
      throw new ApiError(410, ratingLinkExpiredSince(writeCalendarDate(warsawDateOf(link.expiresAt), 'en')));
    }
    return { letter, expiresAt: link.expiresAt };
  }

  return {
    /** The writer of the letter may rate it (the policy asks this; an unknown letter is a 404, answered 403). */
    async isWriter(letterId: number, user: AuthUser): Promise<boolean> {
      const letter = await ratings.findLetter(letterId);
      if (!letter) throw notFound();
      return letter.ownerId === user.id;
    },

    async ownRating(letterId: number): Promise<LetterRatingResponse | null> {
      return (await ratings.find(letterId)) ?? null;
    },

    async rateInPortal(letterId: number, body: LetterRatingRequest, language: Language): Promise<LetterRatingResponse> {
      const letter = await ratings.findLetter(letterId);
      if (!letter) throw notFound();
      return rate(letter, body, 'portal', language);
    },

    async linkPage(token: string): Promise<RatingLinkResponse> {
      const { letter, expiresAt } = await letterOfLink(token);
      return { reference: letterReference(letter.letterId), subject: letter.subject, rated: (await ratings.find(letter.letterId)) !== undefined, expiresAt: expiresAt.toISOString() };
    },

    async rateByLink(token: string, body: LetterRatingRequest, language: Language): Promise<LetterRatingResponse> {
      const { letter } = await letterOfLink(token);
      return rate(letter, body, 'email-link', language);
    },

    /** For the dashboard: per department, the helpful and not-helpful ratings given in [fromIso, toIso). */
    ratingCounts: (fromIso: string, toIso: string): Promise<DepartmentRatingCounts[]> => ratings.countsByDepartment(fromIso, toIso),
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
