import { letterMessages, letterReference, type ConversationListItem, type UserResponse } from '@portal/contract';
import { lazy, Suspense, useRef } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { LoadingState } from '../../../lib/ui/list-states';
import { revealOpened } from '../../../lib/ui/reveal';
import { formatDate } from '../../../lib/format';
import { previewSubject } from '../format';
import { LazyLetterHistory } from '../handoffs/lazy';
import { LETTERS_NS } from '../i18n';
import { ConversationChat } from './conversation-chat';
import { ConversationPicker } from './conversation-picker';
import { EmptyPanel } from './empty-panel';
import { HandlerStatus } from './handler-status';
import { LetterSummary } from './letter-summary';
import { UnreadBadge } from './unread-badge';

// Its own chunk: the timeline and the rating load after the chat, outside /user's first download.
const LetterHistory = lazy(() => import('./letter-history'));

type UserConversationsProps = {
  me: UserResponse;
  conversations: { data: ConversationListItem[] | undefined; isPending: boolean };
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  isLive: boolean;
  /** Opened through a link (the proof of sending): take the reader to the chat once it is there. */
  focusChatOnOpen: boolean;
  /** The empty list's way on: the Create a Letter tab. */
  onWriteLetter: () => void;
};

/**
 * Spec section 2, Your Conversations of the User Dashboard: each entry shows the subject cut to 6
 * characters and '...' (the full subject is its accessible name), with its status in words, the
 * date sent, the department and the letter ID; the chosen one opens its chat, headed by who
 * handles the letter and the letter itself. No conversations: the spec's text across the panel.
 */
export function UserConversations({ me, conversations, selectedId, onSelect, isLive, focusChatOnOpen, onWriteLetter }: UserConversationsProps) {
  const { t, i18n } = useTranslation(LETTERS_NS);
  const message = useMessageText();
  const chatHeading = useRef<HTMLHeadingElement>(null);
  const wantsChatFocus = useRef(focusChatOnOpen);
  const list = conversations.data ?? [];
  const selected = list.find((conversation) => conversation.id === selectedId);

  if (conversations.isPending) return <LoadingState />;
  if (list.length === 0) {
    return (
      <EmptyPanel title={t('list.yourConversations')} action={{ label: t('list.writeLetter'), onClick: onWriteLetter }}>
        {message(letterMessages.noConversations)}
      </EmptyPanel>
    );
  }

  function open(conversation: ConversationListItem) {
    wantsChatFocus.current = true;
    onSelect(conversation.id);
  }

  return (
    <div className="two-pane">
      <div className="two-pane__list">
        <h2 className="two-pane__title">{t('list.yourConversations')}</h2>
        <ConversationPicker
          label={t('list.yourConversations')}
          conversations={list}
          selectedId={selectedId}
          onSelect={open}
          titleOf={(conversation) => conversation.subject}
          describe={(conversation, ids) => (conversation.unreadCount > 0 ? `${ids.unread} ${ids.details}` : ids.details)}
          renderItem={(conversation, ids) => (
            <>
              <span className="picker__title">
                <span className="picker__subject" aria-hidden="true">
                  {previewSubject(conversation.subject)}
                </span>
                <span id={ids.name} className="visually-hidden">
                  {conversation.subject}
                </span>
                <UnreadBadge id={ids.unread} count={conversation.unreadCount} />
              </span>
              <span id={ids.details} className="picker__details">
                <span className={`status-badge status-badge--${conversation.status.toLowerCase()}`}>{t(`status.${conversation.status}`)}</span>{' '}
                <span className="picker__meta">
                  {t('fields.sent')} <time dateTime={conversation.createdAt}>{formatDate(conversation.createdAt, i18n.language)}</time>
                  {' · '}
                  {t(`departments.${conversation.recipient}`)}
                  {' · '}
                  {t('fields.letterId')} {letterReference(conversation.letterId)}
                </span>
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
            onReady={(log) => {
              // Take the reader to the opened chat (below the list on a narrow screen).
              if (!wantsChatFocus.current) return;
              wantsChatFocus.current = false;
              revealOpened(chatHeading.current, log);
            }}
            intro={
              <>
                <HandlerStatus conversation={selected} />
                <LetterSummary conversation={selected} perspective="yours" />
                {/* Issue 33: where the letter went and why; issue 32: reopen it once resolved. */}
                <Suspense fallback={null}>
                  <LazyLetterHistory conversation={selected} canReopen />
                </Suspense>
              </>
            }
          />
          <Suspense fallback={null}>
            <LetterHistory key={`history-${selected.id}`} conversation={selected} />
          </Suspense>
          </>
        ) : (
          <p className="empty-state">{t('list.selectPrompt')}</p>
        )}
      </div>
    </div>
  );
}
