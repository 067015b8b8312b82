import { fullName, type UserResponse } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/current-user';
import { useLinkedId } from '../../../lib/use-linked-id';
import { PageShell } from '../../../lib/ui/page-shell';
import { useStaffConversations } from '../api/queries';
import { totalUnread } from '../live/unread';
import { useLettersRealtime } from '../live/use-letters-realtime';
import { ArchivedConversations } from '../components/archived-conversations';
import { EmployeeConversations } from '../components/employee-conversations';
import { OpenConversations } from '../components/open-conversations';
import { UnreadBadge } from '../components/unread-badge';
import { LETTERS_NS } from '../i18n';
import '../letters.css';

type EmployeeTab = 'take' | 'conversations' | 'archived';

/** Spec section 2, Employee Dashboard (EMPLOYEE and ADMIN; the route guards the roles). */
export function EmployeeDashboardPage() {
  const { data: me } = useCurrentUser();
  // The role guard renders this page only once the current user is known.
  return me ? <EmployeeDashboard me={me} /> : null;
}

function EmployeeDashboard({ me }: { me: UserResponse }) {
  const { t } = useTranslation(LETTERS_NS);
  const [tab, setTab] = useState<EmployeeTab>('take');
  const [selectedId, setSelectedId] = useState<number>();
  // `?conversation=<id>` (a notification's link) opens that conversation on its tab.
  useLinkedId('conversation', (linked) => {
    setTab('conversations');
    setSelectedId(linked);
  });
  const inProgress = useStaffConversations('IN_PROGRESS', me.id);
  const { isConnected } = useLettersRealtime({
    meId: me.id,
    followedConversationId: selectedId,
    shownConversationId: tab === 'conversations' ? selectedId : undefined,
  });

  return (
    <PageShell<EmployeeTab>
      title={t('common:page.employeeDashboard')}
      welcome={t('welcomeEmployee', { fullName: fullName(me) })}
      tabs={{
        label: t('employeeTabs.label'),
        selected: tab,
        onSelect: setTab,
        tabs: [
          { id: 'take', label: t('employeeTabs.take'), panel: <OpenConversations me={me} /> },
          {
            id: 'conversations',
            label: t('employeeTabs.conversations'),
            badge: <UnreadBadge count={totalUnread(inProgress.data)} />,
            panel: (
              <EmployeeConversations
                me={me}
                conversations={inProgress}
                selectedId={selectedId}
                onSelect={setSelectedId}
                isLive={isConnected}
                onGoToTake={() => setTab('take')}
              />
            ),
          },
          { id: 'archived', label: t('employeeTabs.archived'), panel: <ArchivedConversations me={me} isLive={isConnected} /> },
        ],
      }}
    />
  );
}
