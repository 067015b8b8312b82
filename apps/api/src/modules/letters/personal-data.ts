import { letterReference } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { jsonPart, type PersonalData } from '../../plugins/personal-data.js';

/** The person's letters with their conversation's state, oldest first. */
const lettersOf = (db: Db, userId: number) =>
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
    .execute();

const messagesOf = (db: Db, conversationIds: readonly number[]) =>
  conversationIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('messages')
        .select(['id', 'conversation_id', 'sender_id', 'content', 'sent_at'])
        .where('conversation_id', 'in', conversationIds)
        .orderBy('id')
        .execute();

/** Transfers, releases and reopenings (issue 33, 32) with their reasons: the citizen reads them on the letter. */
const handoffsOf = (db: Db, conversationIds: readonly number[]) =>
  conversationIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('conversation_handoffs')
        .select(['conversation_id', 'kind', 'from_department', 'to_department', 'reason', 'at'])
        .where('conversation_id', 'in', conversationIds)
        .orderBy('id')
        .execute();

/** The letters module's part of the own-data export: letters.json. */
export function registerLettersPersonalData(personalData: PersonalData, db: Db): void {
  personalData.section({
    place: 20,
    readme: {
      en: '- letters.json: your letters and the messages of each conversation;',
      pl: '- letters.json: Twoje pisma i wiadomości w każdej rozmowie;',
    },
    tables: ['letters', 'conversations', 'messages', 'conversation_handoffs'],
    async read(userId) {
      const letters = await lettersOf(db, userId);
      const conversationIds = letters.flatMap((letter) => (letter.conversation_id === null ? [] : [Number(letter.conversation_id)]));
      const [messages, handoffs] = await Promise.all([messagesOf(db, conversationIds), handoffsOf(db, conversationIds)]);
      return [
        jsonPart(
          'letters.json',
          letters.map((letter) => ({
            id: letter.id,
            reference: letterReference(Number(letter.id)),
            recipient: letter.recipient,
            subject: letter.subject,
            content: letter.content,
            sentAt: letter.sent_at,
            status: letter.status,
            resolvedDate: letter.resolved_date,
            messages: messages
              .filter((message) => Number(message.conversation_id) === Number(letter.conversation_id))
              .map((message) => ({
                id: message.id,
                from: message.sender_id === userId ? 'you' : 'office',
                content: message.content,
                sentAt: message.sent_at,
              })),
            handoffs: handoffs
              .filter((step) => Number(step.conversation_id) === Number(letter.conversation_id))
              .map((step) => ({ kind: step.kind, fromDepartment: step.from_department, toDepartment: step.to_department, reason: step.reason, at: step.at })),
          })),
        ),
      ];
    },
  });
  personalData.holdsNothingPersonal(
    'message_reads',
    'How far each participant has read a conversation (a message id): no content; the messages themselves are in letters.json.',
  );
}
