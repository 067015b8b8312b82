import type { ConversationResponse, UserResponse } from '@portal/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { ListStates } from '../../../lib/ui/list-states';
import { Modal } from '../../../lib/ui/modal';
import { useResolveConversationMutation } from '../api/mutations';
import { useStaffConversations } from '../api/queries';
import { unreadCount, type UnreadMessages } from '../live/unread';
import { LETTERS_NS } from '../i18n';
import { ConversationChat } from './conversation-chat';
import { ConversationFacts } from './conversation-facts';
import { ConversationPicker } from './conversation-picker';
import { UnreadBadge } from './unread-badge';

type EmployeeConversationsProps = {
  me: UserResponse;
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  isLive: boolean;
  /** Messages pushed to the conversations not open (see useLettersRealtime). */
  unread: UnreadMessages;
};

/**
 * Spec section 2, Your Conversations: the in-progress list on the left, the chat on the right, with
 * Show Letter (the letter in a modal) and Mark as Resolved (Yes / No confirmation; Yes resolves and
 * the conversation moves to the archive).
 */
export function EmployeeConversations({ me, selectedId, onSelect, isLive, unread }: EmployeeConversationsProps) {
  const { t } = useTranslation(LETTERS_NS);
  const prefix = useId();
  const conversations = useStaffConversations('IN_PROGRESS', me.id);
  const resolve = useResolveConversationMutation();
  const [dialog, setDialog] = useState<'letter' | 'resolve'>();
  const chatHeading = useRef<HTMLHeadingElement>(null);
  const listTitle = useRef<HTMLHeadingElement>(null);
  const list = conversations.data ?? [];
  const selected = list.find((conversation) => conversation.id === selectedId);

  function open(conversation: ConversationResponse) {
    onSelect(conversation.id);
    requestAnimationFrame(() => chatHeading.current?.focus());
  }

  function onConfirmResolve(conversation: ConversationResponse) {
    resolve.mutate(conversation.id, {
      onSuccess: () => {
        setDialog(undefined);
        onSelect(undefined);
        // The chat and its buttons are gone: continue from the list.
        requestAnimationFrame(() => listTitle.current?.focus());
      },
      onError: (error) => {
        // Spec section 8: only logged.
        console.error('[letters] resolving the conversation failed', error);
        setDialog(undefined);
      },
    });
  }

  return (
    <div className="two-pane">
      <div className="two-pane__list">
        <h2 id={`${prefix}-list`} ref={listTitle} tabIndex={-1} className="two-pane__title">
          {t('list.inProgress')}
        </h2>
        <ListStates isPending={conversations.isPending} isEmpty={list.length === 0} emptyText={t('list.noInProgress')}>
          <ConversationPicker
            label={t('list.inProgress')}
            conversations={list}
            selectedId={selectedId}
            onSelect={open}
            renderItem={(conversation) => (
              <>
                <span className="picker__title">
                  <span className="picker__subject">{conversation.subject}</span>
                  <UnreadBadge count={unreadCount(unread, conversation.id)} />
                </span>
                <span className="picker__meta">
                  {conversation.nameSurname} · {t('fields.letterId')} {conversation.letterId}
                </span>
              </>
            )}
          />
        </ListStates>
      </div>
      <div className="two-pane__detail">
        {selected ? (
          <>
            <div className="conversation-header">
              <ConversationFacts
                facts={[
                  { label: t('fields.letterId'), value: selected.letterId },
                  { label: t('fields.sender'), value: selected.nameSurname },
                  { label: t('fields.department'), value: t(`departments.${selected.recipient}`) },
                ]}
              />
              <div className="button-row">
                <button type="button" className="button button--secondary" onClick={() => setDialog('letter')}>
                  {t('actions.showLetter')}
                </button>
                <button type="button" className="button button--primary" onClick={() => setDialog('resolve')}>
                  {t('actions.markResolved')}
                </button>
              </div>
            </div>
            <ConversationChat key={selected.id} conversation={selected} me={me} isLive={isLive} headingRef={chatHeading} />

            <Modal
              isOpen={dialog === 'letter'}
              title={t('letterModal.title', { subject: selected.subject })}
              onClose={() => setDialog(undefined)}
              actions={
                <button type="button" className="button button--primary" onClick={() => setDialog(undefined)}>
                  {t('actions.close')}
                </button>
              }
            >
              <ConversationFacts
                facts={[
                  { label: t('fields.sender'), value: selected.nameSurname },
                  { label: t('fields.department'), value: t(`departments.${selected.recipient}`) },
                ]}
              />
              <p className="letter-content">{selected.content}</p>
            </Modal>

            <ConfirmDialog
              isOpen={dialog === 'resolve'}
              title={t('resolveModal.title')}
              confirmLabel={t('actions.yes')}
              cancelLabel={t('actions.no')}
              isBusy={resolve.isPending}
              onConfirm={() => onConfirmResolve(selected)}
              onCancel={() => setDialog(undefined)}
            >
              <p>{t('resolveModal.question', { subject: selected.subject })}</p>
            </ConfirmDialog>
          </>
        ) : (
          list.length > 0 && <p className="empty-state">{t('list.selectPrompt')}</p>
        )}
      </div>
    </div>
  );
}
