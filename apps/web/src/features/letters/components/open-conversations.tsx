import { letterMessages, type UserResponse } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { ListStates } from '../../../lib/ui/list-states';
import { useTakeConversationMutation } from '../api/mutations';
import { OPEN_LIST_POLL_INTERVAL_MS, useStaffConversations } from '../api/queries';
import { LETTERS_NS } from '../i18n';
import { ConversationFacts } from './conversation-facts';

/**
 * Spec section 2, Take Conversations: each open conversation with letter ID, subject, sender and
 * Take Conversation. Success says 'Conversation taken successfully!' and the entry leaves the list.
 */
export function OpenConversations({ me }: { me: UserResponse }) {
  const { t } = useTranslation(LETTERS_NS);
  const message = useMessageText();
  const prefix = useId();
  const conversations = useStaffConversations('OPEN', me.id, { refetchInterval: OPEN_LIST_POLL_INTERVAL_MS });
  const take = useTakeConversationMutation(me.id);
  const list = conversations.data ?? [];

  function onTake(conversationId: number) {
    take.mutate(conversationId, {
      onSuccess: () => notify(message(letterMessages.conversationTaken) ?? letterMessages.conversationTaken, 'success', { key: 'letters.take' }),
      // Spec section 8: only logged (a colleague may have been first; the list refreshes).
      onError: (error) => console.error('[letters] taking the conversation failed', error),
    });
  }

  return (
    <section aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`} className="panel-title">
        {t('list.openConversations')}
      </h2>
      <ListStates isPending={conversations.isPending} isEmpty={list.length === 0} emptyText={t('list.noOpen')}>
        <ul className="card-list" aria-labelledby={`${prefix}-title`}>
          {list.map((conversation) => {
            const subjectId = `${prefix}-subject-${conversation.id}`;
            const isTaking = take.isPending && take.variables === conversation.id;
            return (
              <li key={conversation.id} className="conversation-card">
                <ConversationFacts
                  facts={[
                    { label: t('fields.letterId'), value: conversation.letterId },
                    { label: t('fields.subject'), value: conversation.subject, id: subjectId },
                    { label: t('fields.sender'), value: conversation.nameSurname },
                  ]}
                />
                {/* Admins take too (issue 3: EMPLOYEE and ADMIN list, take and resolve). */}
                <button
                  type="button"
                  className="button button--primary"
                  aria-describedby={subjectId}
                  disabled={isTaking}
                  onClick={() => onTake(conversation.id)}
                >
                  {isTaking ? t('list.taking') : t('list.take')}
                </button>
              </li>
            );
          })}
        </ul>
      </ListStates>
    </section>
  );
}
