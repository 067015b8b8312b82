import { letterMessages, type ConversationResponse, type UserResponse } from '@portal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/current-user';
import { useMessageText } from '../../../lib/i18n';
import { ListStates } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { useUserConversations } from '../api/queries';
import { unreadCount, type UnreadMessages } from '../live/unread';
import { useLettersRealtime } from '../live/use-letters-realtime';
import { ConversationChat } from '../components/conversation-chat';
import { ConversationPicker } from '../components/conversation-picker';
import { CreateLetterForm } from '../components/create-letter-form';
import { UnreadBadge } from '../components/unread-badge';
import { previewSubject } from '../format';
import { LETTERS_NS } from '../i18n';
import '../letters.css';

type UserTab = 'create' | 'conversations';

/** Spec section 2, User Dashboard (USER, EMPLOYEE, ADMIN; the route guards the roles). */
export function UserDashboardPage() {
  const { data: me } = useCurrentUser();
  // The role guard renders this page only once the current user is known.
  return me ? <UserDashboard me={me} /> : null;
}

function UserDashboard({ me }: { me: UserResponse }) {
  const { t } = useTranslation(LETTERS_NS);
  const [tab, setTab] = useState<UserTab>('create');
  const [selectedId, setSelectedId] = useState<number>();
  const { isConnected, unread } = useLettersRealtime(selectedId, me.id);

  return (
    <PageShell<UserTab>
      title={t('common:page.userDashboard')}
      welcome={t('welcome', { name: me.firstName })}
      tabs={{
        label: t('userTabs.label'),
        selected: tab,
        onSelect: setTab,
        tabs: [
          { id: 'create', label: t('userTabs.create'), panel: <CreateLetterForm userId={me.id} /> },
          {
            id: 'conversations',
            label: t('userTabs.conversations'),
            panel: <UserConversations me={me} selectedId={selectedId} onSelect={setSelectedId} isLive={isConnected} unread={unread} />,
          },
        ],
      }}
    />
  );
}

type UserConversationsProps = {
  me: UserResponse;
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  isLive: boolean;
  unread: UnreadMessages;
};

function UserConversations({ me, selectedId, onSelect, isLive, unread }: UserConversationsProps) {
  const { t } = useTranslation(LETTERS_NS);
  const message = useMessageText();
  const conversations = useUserConversations(me.id);
  const chatHeading = useRef<HTMLHeadingElement>(null);
  const list = conversations.data ?? [];
  const selected = list.find((conversation) => conversation.id === selectedId);

  function open(conversation: ConversationResponse) {
    onSelect(conversation.id);
    // Take the reader to the chat (below the list on a narrow screen).
    requestAnimationFrame(() => chatHeading.current?.focus());
  }

  return (
    <div className="two-pane">
      <div className="two-pane__list">
        <h2 className="two-pane__title">{t('list.yourConversations')}</h2>
        <ListStates isPending={conversations.isPending} isEmpty={list.length === 0} emptyText={message(letterMessages.noConversations)}>
          <ConversationPicker
            label={t('list.yourConversations')}
            conversations={list}
            selectedId={selectedId}
            onSelect={open}
            titleOf={(conversation) => conversation.subject}
            renderItem={(conversation) => (
              <>
                <span className="picker__title">
                  <span className="picker__subject" aria-hidden="true">
                    {previewSubject(conversation.subject)}
                  </span>
                  <span className="visually-hidden">{conversation.subject}</span>
                  <UnreadBadge count={unreadCount(unread, conversation.id)} />
                </span>
                <span className={`status-badge status-badge--${conversation.status.toLowerCase()}`}>{t(`status.${conversation.status}`)}</span>
              </>
            )}
          />
        </ListStates>
      </div>
      <div className="two-pane__detail">
        {selected ? (
          <ConversationChat key={selected.id} conversation={selected} me={me} isLive={isLive} headingRef={chatHeading} />
        ) : (
          list.length > 0 && <p className="empty-state">{t('list.selectPrompt')}</p>
        )}
      </div>
    </div>
  );
}
