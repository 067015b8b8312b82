import type { Db } from '../../../db/database.js';
import type { PortalEvents } from '../../../plugins/events.js';
import type { PersonalData } from '../../../plugins/personal-data.js';
import { jsonPart } from '../../../plugins/personal-data.js';
import { fromFlag } from '../../../db/portable.js';
import { createRatingLinks } from '../../../plugins/rating-links.js';
import { createRatingsRepository } from './repository.js';
import { createRatingsService } from './service.js';

export { ratingsRoutes } from './routes.js';
export type { DepartmentRatingCounts, RatingsService } from './service.js';

/** The ratings sub-area of the letters module: its service, export section and closure step. */
export function setUpRatings({ db, events, personalData, sessionKey }: { db: Db; events: PortalEvents; personalData: PersonalData; sessionKey: string }) {
  const repository = createRatingsRepository(db);
  personalData.section({
    place: 21,
    readme: { en: '- letter-ratings.json: how you rated the answers to your letters;', pl: '- letter-ratings.json: Twoje oceny odpowiedzi na pisma;' },
    tables: ['letter_ratings'],
    async read(userId) {
      const rows = await repository.listForUser(userId);
      return [jsonPart('letter-ratings.json', rows.map((row) => ({ letterId: Number(row.letter_id), helpful: fromFlag(row.helpful), comment: row.comment, ratedAt: row.rated_at, via: row.via })))];
    },
  });
  personalData.erasure((account, trx) => repository.eraseComments(account.id, trx));
  return createRatingsService({ ratings: repository, events, links: createRatingLinks(sessionKey) });
}
