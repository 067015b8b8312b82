import type { Department } from '@portal/contract';
import type { Db } from '../../../db/database.js';
import { fromFlag, toFlag } from '../../../db/portable.js';

export interface RatedLetter {
  letterId: number;
  conversationId: number;
  ownerId: number;
  subject: string;
  status: string;
}

export interface StoredRating {
  letterId: number;
  helpful: boolean;
  ratedAt: string;
}

/** SQL of the ratings (`letter_ratings`, the letters module's) and the letter facts a rating needs. */
export function createRatingsRepository(db: Db) {
  return {
    async findLetter(letterId: number, executor: Db = db): Promise<RatedLetter | undefined> {
      const row = await executor
        .selectFrom('letters')
        .innerJoin('conversations', 'conversations.letter_id', 'letters.id')
        .select(['letters.id', 'conversations.id as conversation_id', 'letters.user_id', 'letters.subject', 'conversations.status'])
        .where('letters.id', '=', letterId)
        .executeTakeFirst();
      return row && { letterId: Number(row.id), conversationId: Number(row.conversation_id), ownerId: Number(row.user_id), subject: row.subject, status: row.status };
    },

    async find(letterId: number, executor: Db = db): Promise<StoredRating | undefined> {
      const row = await executor.selectFrom('letter_ratings').select(['letter_id', 'helpful', 'rated_at']).where('letter_id', '=', letterId).executeTakeFirst();
      return row && { letterId: Number(row.letter_id), helpful: fromFlag(row.helpful), ratedAt: row.rated_at };
    },

    /** False when the letter already has its rating (the primary key refuses a second). */
    async insert(rating: { letterId: number; userId: number; helpful: boolean; comment: string | null; ratedAt: string; via: string }, executor: Db): Promise<boolean> {
      const result = await executor
        .insertInto('letter_ratings')
        .values({ letter_id: rating.letterId, user_id: rating.userId, helpful: toFlag(rating.helpful), comment: rating.comment, rated_at: rating.ratedAt, via: rating.via })
        .onConflict((conflict) => conflict.column('letter_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Helpful and not-helpful counts per department of the ratings given in [from, to). */
    async countsByDepartment(fromIso: string, toIso: string): Promise<{ department: Department; helpful: number; notHelpful: number }[]> {
      const rows = await db
        .selectFrom('letter_ratings')
        .innerJoin('letters', 'letters.id', 'letter_ratings.letter_id')
        .select(['letters.recipient', 'letter_ratings.helpful'])
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('letter_ratings.rated_at', '>=', fromIso)
        .where('letter_ratings.rated_at', '<', toIso)
        .groupBy(['letters.recipient', 'letter_ratings.helpful'])
        .execute();
      const byDepartment = new Map<Department, { department: Department; helpful: number; notHelpful: number }>();
      for (const row of rows) {
        const entry = byDepartment.get(row.recipient) ?? { department: row.recipient, helpful: 0, notHelpful: 0 };
        if (fromFlag(row.helpful)) entry.helpful += Number(row.count);
        else entry.notHelpful += Number(row.count);
        byDepartment.set(row.recipient, entry);
      }
      return [...byDepartment.values()];
    },

    /** The person's ratings, for their export. */
    listForUser: (userId: number) =>
      db.selectFrom('letter_ratings').select(['letter_id', 'helpful', 'comment', 'rated_at', 'via']).where('user_id', '=', userId).orderBy('letter_id').execute(),

    /** An account's closure: the comment is the person's words; whether it helped stays for the office's counts. */
    async eraseComments(userId: number, executor: Db): Promise<void> {
      await executor.updateTable('letter_ratings').set({ comment: null }).where('user_id', '=', userId).execute();
    },
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
