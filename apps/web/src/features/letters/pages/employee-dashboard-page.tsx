import { fullName, type UserResponse } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/current-user';
import { useLinkedId } from '../../../lib/use-linked-id';
import { PageShell } from '../../../lib/ui/page-shell';
import { useStaffConversations } from '../api/queries';
import { totalUnread } from '../live/unread';
import { useLettersRealtime } from '../live/use-letters-realtime';
import { EmployeeConversations } from '../components/employee-conversations';
import { OpenConversations } from '../components/open-conversations';
import { UnreadBadge } from '../components/unread-badge';
import { LETTERS_DESK_NS } from '../desk-i18n';
import { LETTERS_NS } from '../i18n';
import '../letters.css';
import { afterLoad } from '../../../lib/ui/after-load';
import { LoadingState } from '../../../lib/ui/list-states';

// Issue 33: the employee's own reply templates, loaded when their tab is first shown.
const ReplyTemplateManager = afterLoad(() => import('../../../lib/reply-templates/template-manager').then((module) => module.ReplyTemplateManager), {
  placeholder: <LoadingState />,
});

// The archive with its search and filters (issue 33 point 2), loaded when its tab is first shown:
// a clerk's first screen is the queue.
const ArchivedConversations = afterLoad(() => import('../components/archived-conversations').then((module) => module.ArchivedConversations), {
  placeholder: <LoadingState />,
});

type EmployeeTab = 'take' | 'conversations' | 'archived' | 'templates';

/** Spec section 2, Employee Dashboard (EMPLOYEE and ADMIN; the route guards the roles). */
export function EmployeeDashboardPage() {
  const { data: me } = useCurrentUser();
  // The role guard renders this page only once the current user is known.
  return me ? <EmployeeDashboard me={me} /> : null;
}

function EmployeeDashboard({ me }: { me: UserResponse }) {
  const { t } = useTranslation(LETTERS_NS);
  const { t: td } = useTranslation(LETTERS_DESK_NS);
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
      welcome={td('welcomeEmployee', { fullName: fullName(me) })}
      tabs={{
        label: td('employeeTabs.label'),
        selected: tab,
        onSelect: setTab,
        tabs: [
          { id: 'take', label: td('employeeTabs.take'), panel: <OpenConversations me={me} /> },
          {
            id: 'conversations',
            label: td('employeeTabs.conversations'),
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
          { id: 'archived', label: td('employeeTabs.archived'), panel: <ArchivedConversations me={me} isLive={isConnected} /> },
          { id: 'templates', label: td('templatesTab'), panel: <ReplyTemplateManager scope="PERSONAL" /> },
        ],
      }}
    />
  );
}
