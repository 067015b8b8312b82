import type { Db } from '../../db/database.js';

/**
 * SQL for a person's own data (issue 21): the export reads across the domains' tables (read only:
 * each table's rules stay with its module) and the closure requests are this module's own.
 */
export function createMyDataRepository(db: Db) {
  return {
    account: (userId: number, executor: Db = db) =>
      executor
        .selectFrom('users')
        .select(['id', 'username', 'email', 'first_name', 'last_name', 'role', 'phone_number', 'date_of_birth', 'created_at', 'language'])
        .where('id', '=', userId)
        .executeTakeFirst(),

    letters: (userId: number) =>
      db
        .selectFrom('letters')
        .leftJoin('conversations', 'conversations.letter_id', 'letters.id')
        .select([
          'letters.id',
          'letters.recipient',
          'letters.subject',
          'letters.content',
          'letters.sent_at',
          'conversations.id as conversation_id',
          'conversations.status',
          'conversations.resolved_date',
        ])
        .where('letters.user_id', '=', userId)
        .orderBy('letters.id')
        .execute(),

    messages: (conversationIds: readonly number[]) =>
      conversationIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('messages')
            .innerJoin('users', 'users.id', 'messages.sender_id')
            .select(['messages.id', 'messages.conversation_id', 'messages.sender_id', 'users.role as sender_role', 'messages.content', 'messages.sent_at'])
            .where('messages.conversation_id', 'in', conversationIds)
            .orderBy('messages.id')
            .execute(),

    obligations: (userId: number) =>
      db
        .selectFrom('financial_obligations')
        .select(['id', 'amount_grosze', 'due_date', 'issue_date', 'payment_status', 'description'])
        .where('interest_id', '=', userId)
        .orderBy('id')
        .execute(),

    cases: (userId: number) =>
      db
        .selectFrom('case_resolutions')
        .leftJoin('vehicle_registrations', 'vehicle_registrations.case_id', 'case_resolutions.id')
        .select([
          'case_resolutions.id',
          'case_resolutions.case_type',
          'case_resolutions.status',
          'case_resolutions.comments',
          'case_resolutions.submission_date',
          'case_resolutions.status_changed_at',
          'vehicle_registrations.number_plate',
          'vehicle_registrations.make',
          'vehicle_registrations.model',
          'vehicle_registrations.vehicle_year',
          'vehicle_registrations.registration_date',
          'vehicle_registrations.color',
          'vehicle_registrations.vin',
          'vehicle_registrations.vehicle_type',
        ])
        .where('case_resolutions.user_id', '=', userId)
        .orderBy('case_resolutions.id')
        .execute(),

    statusHistory: (caseIds: readonly number[]) =>
      caseIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('case_status_history').select(['case_id', 'status', 'changed_at']).where('case_id', 'in', caseIds).orderBy('id').execute(),

    /** The complete documents of these cases (an upload still arriving is not the person's yet). */
    documents: (caseIds: readonly number[]) =>
      caseIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('documents')
            .select(['id', 'uuid', 'case_id', 'name', 'size', 'sha256', 'created_at'])
            .where('case_id', 'in', caseIds)
            .where('complete', '=', 1)
            .orderBy('id')
            .execute(),

    /** One stored chunk of a document, or undefined past the last one. */
    async chunk(documentId: number, seq: number): Promise<Buffer | undefined> {
      const row = await db.selectFrom('document_chunks').select('data').where('document_id', '=', documentId).where('seq', '=', seq).executeTakeFirst();
      return row?.data;
    },

    closure: (userId: number, executor: Db = db) =>
      executor.selectFrom('account_closures').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** True when this request was recorded; false when one already existed. */
    async requestClosure(userId: number, at: string, trx: Db): Promise<boolean> {
      const result = await trx
        .insertInto('account_closures')
        .values({ user_id: userId, requested_at: at })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    pendingClosures: () =>
      db
        .selectFrom('account_closures')
        .innerJoin('users', 'users.id', 'account_closures.user_id')
        .select(['account_closures.user_id', 'account_closures.requested_at', 'users.username', 'users.first_name', 'users.last_name'])
        .where('account_closures.closed_at', 'is', null)
        .orderBy('account_closures.requested_at')
        .execute(),

    /** Marks a pending request closed; false when there was none (already closed, or never asked). */
    async markClosed(userId: number, by: number, at: string, trx: Db): Promise<boolean> {
      const result = await trx
        .updateTable('account_closures')
        .set({ closed_at: at, closed_by: by })
        .where('user_id', '=', userId)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The login throttle's counters name the username (modules/auth/login-throttle.ts); the name
     * is gone, and no one can sign in to the closed account, so they go now rather than at expiry.
     */
    async forgetLoginCounters(username: string, trx: Db): Promise<void> {
      const user = username.normalize('NFKC').toLowerCase();
      const pairs = await trx.selectFrom('auth_counters').select('key').where('key', 'like', 'login:pair:%').execute();
      const keys = [`login:user:${user}`, ...pairs.map((row) => row.key).filter((key) => key.endsWith(`|${user}`))];
      await trx.deleteFrom('auth_counters').where('key', 'in', keys).execute();
    },

    /** What the office need not keep of a closed account: its portal notifications, settings and email queue (payloads may name the person). */
    async forgetNotifications(userId: number, trx: Db): Promise<void> {
      await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
      await trx.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
      await trx.deleteFrom('notification_outbox').where('user_id', '=', userId).execute();
    },
  };
}

export type MyDataRepository = ReturnType<typeof createMyDataRepository>;
