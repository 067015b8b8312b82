import type { ConversationListItem, UserResponse } from '@portal/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { LoadingState } from '../../../lib/ui/list-states';
import { Modal } from '../../../lib/ui/modal';
import { revealOpened } from '../../../lib/ui/reveal';
import { useResolveConversationMutation } from '../api/mutations';
import { LETTERS_NS } from '../i18n';
import { ConversationChat } from './conversation-chat';
import { ConversationFacts } from './conversation-facts';
import { ConversationPicker } from './conversation-picker';
import { EmptyPanel } from './empty-panel';
import { UnreadBadge } from './unread-badge';

type EmployeeConversationsProps = {
  me: UserResponse;
  /** The employee's IN_PROGRESS conversations (the page holds the query: its tab shows their unread count). */
  conversations: { data: ConversationListItem[] | undefined; isPending: boolean };
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  isLive: boolean;
  /** The empty list's way on: the Take Conversations tab. */
  onGoToTake: () => void;
};

/**
 * Spec section 2, Your Conversations: the in-progress list on the left, the chat on the right, with
 * Show Letter (the letter in a modal that opens at its top) and Mark as Resolved (Yes / No; Yes
 * resolves, says so and where it went). Opening a chat moves focus to its heading, right before
 * those two buttons in the keyboard order.
 */
export function EmployeeConversations({ me, conversations, selectedId, onSelect, isLive, onGoToTake }: EmployeeConversationsProps) {
  const { t } = useTranslation(LETTERS_NS);
  const prefix = useId();
  const resolve = useResolveConversationMutation();
  const [dialog, setDialog] = useState<'letter' | 'resolve'>();
  const chatHeading = useRef<HTMLHeadingElement>(null);
  const listTitle = useRef<HTMLHeadingElement>(null);
  const wantsChatFocus = useRef(false);
  const list = conversations.data ?? [];
  const selected = list.find((conversation) => conversation.id === selectedId);

  if (conversations.isPending) return <LoadingState />;
  if (list.length === 0) {
    return (
      <EmptyPanel title={t('list.inProgress')} action={{ label: t('list.goToTake'), onClick: onGoToTake }}>
        {t('list.noInProgress')}
      </EmptyPanel>
    );
  }

  function open(conversation: ConversationListItem) {
    if (conversation.id === selectedId) {
      revealOpened(chatHeading.current);
      return;
    }
    wantsChatFocus.current = true;
    onSelect(conversation.id);
  }

  function onConfirmResolve(conversation: ConversationListItem) {
    resolve.mutate(conversation.id, {
      onSuccess: () => {
        setDialog(undefined);
        onSelect(undefined);
        notify(t('resolved', { subject: conversation.subject }), 'success', { key: 'letters.resolve' });
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
        <ConversationPicker
          label={t('list.inProgress')}
          conversations={list}
          selectedId={selectedId}
          onSelect={open}
          renderItem={(conversation) => (
            <>
              <span className="picker__title">
                <span className="picker__subject">{conversation.subject}</span>
                <UnreadBadge count={conversation.unreadCount} />
              </span>
              <span className="picker__meta">
                {conversation.nameSurname} · {t('fields.letterId')} {conversation.letterId}
              </span>
            </>
          )}
        />
      </div>
      <div className="two-pane__detail">
        {selected ? (
          <>
            <ConversationChat
              key={selected.id}
              conversation={selected}
              me={me}
              isLive={isLive}
              headingRef={chatHeading}
              onReady={() => {
                // Heading first: Show Letter and Mark as Resolved follow it.
                if (!wantsChatFocus.current) return;
                wantsChatFocus.current = false;
                revealOpened(chatHeading.current);
              }}
              intro={
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
              }
            />

            <Modal
              isOpen={dialog === 'letter'}
              title={t('letterModal.title', { subject: selected.subject })}
              initialFocus="title"
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
          <p className="empty-state">{t('list.selectPrompt')}</p>
        )}
      </div>
    </div>
  );
}
