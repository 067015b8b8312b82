import { type ConversationListItem, type DeadlineState, letterReference, type UserResponse } from '@portal/contract';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { NotificationSlot, notify } from '../../../lib/notifications';
import { ContactPanel } from '../../../lib/contacts/contact-panel';
import { InternalNotes } from '../../../lib/notes/internal-notes';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { LoadingState } from '../../../lib/ui/list-states';
import { Modal } from '../../../lib/ui/modal';
import { revealOpened } from '../../../lib/ui/reveal';
import { useResolveConversationMutation } from '../api/mutations';
import { LazyLetterHistory, LazyTransferDialog } from '../handoffs/lazy';
import { LETTERS_DESK_NS } from '../desk-i18n';
import { LETTERS_NS } from '../i18n';
import { ConversationChat } from './conversation-chat';
import { DeadlineBadge } from './deadline-badge';
import { ConversationFacts } from './conversation-facts';
import { ConversationPicker } from './conversation-picker';
import { EmptyPanel } from './empty-panel';
import { UnreadBadge } from './unread-badge';
import { afterLoad } from '../../../lib/ui/after-load';

// Issue 33: the canned replies' picker, loaded with the first opened chat, not with the dashboard.
const ReplyTemplatePicker = afterLoad(() => import('../../../lib/reply-templates/template-picker').then((module) => module.ReplyTemplatePicker), {
  placeholder: null,
});

// Issue 32: the delay-notice dialog loads on its own (its texts and form stay out of the first download).
const LazyGate = lazy(() => import('../../../lib/deadlines/delay-notice-gate').then((module) => ({ default: module.DelayNoticeGate })));

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
  const { t: td } = useTranslation(LETTERS_DESK_NS);
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
      <EmptyPanel title={td('staffList.inProgress')} action={{ label: td('staffList.goToTake'), onClick: onGoToTake }}>
        {td('staffList.noInProgress')}
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
        notify(td('resolved', { subject: conversation.subject }), 'success', { key: 'letters.resolve' });
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
          {td('staffList.inProgress')}
        </h2>
        {/* Under the title that takes focus once a resolved conversation leaves the list. */}
        <NotificationSlot keys={['letters.resolve']} />
        <ConversationPicker
          label={td('staffList.inProgress')}
          conversations={list}
          selectedId={selectedId}
          onSelect={open}
          renderItem={(conversation) => (
            <>
              <span className="picker__title">
                <span className="picker__subject">{conversation.subject}</span>
                <UnreadBadge count={conversation.unreadCount} />
              </span>
              <DeadlineBadge deadline={conversation.deadline as DeadlineState} label={td(`due.${conversation.deadline ?? 'overdue'}`)} />
              <span className="picker__meta">
                {conversation.nameSurname} · {t('fields.letterId')} {letterReference(conversation.letterId)}
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
              composer={(insert) => <ReplyTemplatePicker conversationId={selected.id} department={selected.recipient} onInsert={insert} />}
              onReady={() => {
                // Heading first: Show Letter and Mark as Resolved follow it.
                if (!wantsChatFocus.current) return;
                wantsChatFocus.current = false;
                revealOpened(chatHeading.current);
              }}
              intro={
                <div className="conversation-header">
                  {/* KPA art. 36: past its term, the clerk replies or resolves only after the delay notice. */}
                  <Suspense fallback={null}>
                    <LazyGate kind="letter" id={selected.id} />
                  </Suspense>
                  <ConversationFacts
                    facts={[
                      { label: t('fields.letterId'), value: letterReference(selected.letterId) },
                      { label: t('fields.sender'), value: selected.nameSurname },
                      { label: t('fields.department'), value: t(`departments.${selected.recipient}`) },
                    ]}
                  />
                  <div className="button-row">
                    <button type="button" className="button button--secondary" onClick={() => setDialog('letter')}>
                      {td('actions.showLetter')}
                    </button>
                    <button type="button" className="button button--primary" onClick={() => setDialog('resolve')}>
                      {td('actions.markResolved')}
                    </button>
                    {/* Issue 33: hand it to another department or a colleague; it then leaves this list. */}
                    <Suspense fallback={null}>
                      <LazyTransferDialog conversation={selected} meId={me.id} onTransferred={() => onSelect(undefined)} />
                    </Suspense>
                  </div>
                  <Suspense fallback={null}>
                    <LazyLetterHistory conversation={selected} canReopen={false} />
                  </Suspense>
                </div>
              }
            />
            {/* Issue 33: colleagues' notes on the conversation, staff only. */}
            <InternalNotes key={`notes-${selected.id}`} subject="conversation" id={selected.id} />
            <ContactPanel userId={selected.userId} current={{ conversationId: selected.id }} />

            <Modal
              isOpen={dialog === 'letter'}
              title={td('letterModal.title', { subject: selected.subject })}
              initialFocus="title"
              onClose={() => setDialog(undefined)}
              actions={
                <button type="button" className="button button--primary" onClick={() => setDialog(undefined)}>
                  {td('actions.close')}
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
              title={td('resolveModal.title')}
              confirmLabel={td('actions.yes')}
              cancelLabel={td('actions.no')}
              isBusy={resolve.isPending}
              onConfirm={() => onConfirmResolve(selected)}
              onCancel={() => setDialog(undefined)}
            >
              <p>{td('resolveModal.question', { subject: selected.subject })}</p>
            </ConfirmDialog>
          </>
        ) : (
          <p className="empty-state">{t('list.selectPrompt')}</p>
        )}
      </div>
    </div>
  );
}
