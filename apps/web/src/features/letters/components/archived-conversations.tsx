import { letterMessages, type UserResponse } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/i18n';
import { ListStates } from '../../../lib/ui/list-states';
import { useStaffConversations } from '../api/queries';
import { formatDateTime } from '../format';
import { LETTERS_NS } from '../i18n';
import { ConversationFacts } from './conversation-facts';

/** Spec section 2, Archived Conversations: subject, sender, letter ID, status and resolved date. */
export function ArchivedConversations({ me }: { me: UserResponse }) {
  const { t, i18n } = useTranslation(LETTERS_NS);
  const message = useMessageText();
  const prefix = useId();
  const conversations = useStaffConversations('RESOLVED', me.id);
  const list = conversations.data ?? [];

  return (
    <section aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`} className="panel-title">
        {t('list.archived')}
      </h2>
      <ListStates isPending={conversations.isPending} isEmpty={list.length === 0} emptyText={message(letterMessages.noArchived)}>
        <ul className="card-list" aria-labelledby={`${prefix}-title`}>
          {list.map((conversation) => (
            <li key={conversation.id} className="conversation-card">
              <ConversationFacts
                facts={[
                  { label: t('fields.subject'), value: conversation.subject },
                  { label: t('fields.sender'), value: conversation.nameSurname },
                  { label: t('fields.letterId'), value: conversation.letterId },
                  {
                    label: t('fields.status'),
                    value: <span className={`status-badge status-badge--${conversation.status.toLowerCase()}`}>{t(`status.${conversation.status}`)}</span>,
                  },
                  {
                    label: t('fields.resolvedDate'),
                    value: conversation.resolvedDate ? (
                      <time dateTime={conversation.resolvedDate}>{formatDateTime(conversation.resolvedDate, i18n.language)}</time>
                    ) : (
                      '—'
                    ),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
