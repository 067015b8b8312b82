import { fullName, type UserResponse } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user';
import { afterLoad, usePreloadWhenIdle } from '../../../lib/ui/after-load';
import { LoadingState } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { useUserConversations } from '../api/queries';
import { totalUnread } from '../live/unread';
import { useLettersRealtime } from '../live/use-letters-realtime';
import { CreateLetterForm } from '../components/create-letter-form';
import type { SentLetter } from '../components/letter-receipt';
import { UnreadBadge } from '../components/unread-badge';
import { LETTERS_NS } from '../i18n';
import '../letters.css';

type UserTab = 'create' | 'conversations';

// The first view is the letter form: the conversations (their list and chat) and the proof of
// sending load on their own, on idle after the form is drawn (issue 16: /user's first JavaScript).
const UserConversations = afterLoad(() => import('../components/user-conversations').then((module) => module.UserConversations), {
  placeholder: <LoadingState />,
});
const LetterReceipt = afterLoad(() => import('../components/letter-receipt').then((module) => module.LetterReceipt));

/** `?conversation=<id>` opens that conversation (the proof of sending links here). */
const CONVERSATION_PARAM = 'conversation';

/** Spec section 2, User Dashboard (USER, EMPLOYEE, ADMIN; the route guards the roles). */
export function UserDashboardPage() {
  const { data: me } = useCurrentUser();
  // The role guard renders this page only once the current user is known.
  return me ? <UserDashboard me={me} /> : null;
}

function linkedConversation(params: URLSearchParams): number | undefined {
  const id = Number(params.get(CONVERSATION_PARAM));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function UserDashboard({ me }: { me: UserResponse }) {
  const { t } = useTranslation(LETTERS_NS);
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = linkedConversation(searchParams);
  const [tab, setTab] = useState<UserTab>(linked === undefined ? 'create' : 'conversations');
  const [selectedId, setSelectedId] = useState<number | undefined>(linked);
  const [openedByLink, setOpenedByLink] = useState(linked !== undefined);
  const [handledLink, setHandledLink] = useState(linked);
  const [sentLetter, setSentLetter] = useState<SentLetter>();
  const conversations = useUserConversations(me.id);
  usePreloadWhenIdle(UserConversations, LetterReceipt);
  const { isConnected } = useLettersRealtime({
    meId: me.id,
    followedConversationId: selectedId,
    shownConversationId: tab === 'conversations' ? selectedId : undefined,
  });

  if (linked !== handledLink) {
    // A link to a conversation was followed on this page (adjusted while rendering, not in an effect).
    setHandledLink(linked);
    if (linked !== undefined) {
      setTab('conversations');
      setSelectedId(linked);
      setOpenedByLink(true);
    }
  }
  useEffect(() => {
    // Once followed, the address forgets it, so the same link works again later.
    if (linked !== undefined) setSearchParams((params) => (params.delete(CONVERSATION_PARAM), params), { replace: true });
  }, [linked, setSearchParams]);

  function selectTab(next: UserTab) {
    setTab(next);
    setOpenedByLink(false);
  }

  const unread = totalUnread(conversations.data);
  return (
    <PageShell<UserTab>
      title={t('common:page.userDashboard')}
      welcome={t('welcomeUser', { firstName: me.firstName, fullName: fullName(me) })}
      tabs={{
        label: t('userTabs.label'),
        selected: tab,
        onSelect: selectTab,
        tabs: [
          {
            id: 'create',
            label: t('userTabs.create'),
            panel: (
              <div className="create-letter">
                <CreateLetterForm userId={me.id} onSent={setSentLetter} onFailed={() => setSentLetter(undefined)} />
                {sentLetter && <LetterReceipt letter={sentLetter} />}
              </div>
            ),
          },
          {
            id: 'conversations',
            label: t('userTabs.conversations'),
            badge: <UnreadBadge count={unread} />,
            panel: (
              <UserConversations
                me={me}
                conversations={conversations}
                selectedId={selectedId}
                onSelect={setSelectedId}
                isLive={isConnected}
                focusChatOnOpen={openedByLink}
                onWriteLetter={() => selectTab('create')}
              />
            ),
          },
        ],
      }}
    />
  );
}
