import { type CaseResolutionResponse, type CaseStatusEvent, PENDING_CASE_FILTER, type UserResponse } from '@portal/contract';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/current-user';
import { useLinkedId } from '../../../lib/use-linked-id';
import { ListStates } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import type { TabItem } from '../../../lib/ui/tabs';
import { useCasesByStatus, useUserCases } from '../api/queries';
import { CaseDetails } from '../components/case-details';
import { CaseForm } from '../components/case-form';
import { CaseList } from '../components/case-list';
import { CASES_NS } from '../i18n';
import { useCasesRealtime } from '../live/use-cases-realtime';
import '../cases.css';

type CasesView = 'create' | 'list';

/** Spec section 2, Case Resolutions (/createCase): every role; the route guards who is signed in. */
export function CaseResolutionsPage() {
  const { data: me } = useCurrentUser();
  // The role guard renders this page only once the current user is known.
  return me ? <CaseResolutions me={me} /> : null;
}

function CaseResolutions({ me }: { me: UserResponse }) {
  const { t } = useTranslation(CASES_NS);
  // USER and ADMIN create and list (List first); EMPLOYEE only lists (spec sections 2 and 6).
  const canCreate = me.role !== 'EMPLOYEE';
  const [view, setView] = useState<CasesView>('list');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [liveNote, setLiveNote] = useState<{ caseId: number; text: string }>();
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  // `?case=<id>` (a notification's or an email's link) opens that case's details.
  const linked = useLinkedId('case');
  const [handledLink, setHandledLink] = useState<number>();
  if (linked !== handledLink) {
    setHandledLink(linked);
    if (linked !== undefined) {
      setView('list');
      setSelectedId(linked);
    }
  }

  const onStatus = useCallback(
    (event: CaseStatusEvent) => setLiveNote({ caseId: event.caseId, text: t('details.liveChange', { status: t(`status.${event.status}`) }) }),
    [t],
  );
  useCasesRealtime(onStatus);

  function open(caseResolution: CaseResolutionResponse) {
    setSelectedId(caseResolution.id);
    // Take the reader to the details (below the lists on a narrow screen).
    requestAnimationFrame(() => detailsHeading.current?.focus());
  }

  const list: TabItem<CasesView> = {
    id: 'list',
    label: t('views.list'),
    panel: (
      <div className="two-pane cases-pane">
        <div className="two-pane__list">
          <PendingCases selectedId={selectedId} onSelect={open} />
          {canCreate && <YourCases userId={me.id} selectedId={selectedId} onSelect={open} />}
        </div>
        <div className="two-pane__detail">
          {selectedId === null ? (
            <p className="empty-state">{t('details.prompt')}</p>
          ) : (
            <CaseDetails
              key={selectedId}
              caseId={selectedId}
              role={me.role}
              headingRef={detailsHeading}
              liveStatusNote={liveNote?.caseId === selectedId ? liveNote.text : undefined}
            />
          )}
        </div>
      </div>
    ),
  };
  const create: TabItem<CasesView> = {
    id: 'create',
    label: t('views.create'),
    panel: (
      <CaseForm
        userId={me.id}
        onCreated={(created) => {
          setView('list');
          open(created);
        }}
      />
    ),
  };

  return (
    <PageShell<CasesView>
      title={t('common:page.caseResolutions')}
      welcome={me.role === 'EMPLOYEE' ? t('staffIntro') : t('intro')}
      tabs={{ label: t('views.label'), selected: view, onSelect: setView, tabs: canCreate ? [create, list] : [list] }}
    />
  );
}

type ListProps = { selectedId: number | null; onSelect: (caseResolution: CaseResolutionResponse) => void };

/** 'Pending Case Resolutions': staff see every waiting case, a citizen their own (the server decides). */
function PendingCases({ selectedId, onSelect }: ListProps) {
  const { t } = useTranslation(CASES_NS);
  const pending = useCasesByStatus(PENDING_CASE_FILTER);
  const cases = pending.data ?? [];
  return (
    <section className="cases-section" aria-labelledby="pending-cases-title">
      <h2 id="pending-cases-title" className="two-pane__title">
        {t('list.pending')}
      </h2>
      <ListStates isPending={pending.isPending} isEmpty={cases.length === 0} emptyText={t('list.emptyPending')}>
        <CaseList label={t('list.pending')} cases={cases} selectedId={selectedId} onSelect={onSelect} />
      </ListStates>
    </section>
  );
}

/** 'Your cases': the caller's own cases in every status, with their dates. */
function YourCases({ userId, selectedId, onSelect }: ListProps & { userId: number }) {
  const { t } = useTranslation(CASES_NS);
  const mine = useUserCases(userId);
  const cases = mine.data ?? [];
  return (
    <section className="cases-section" aria-labelledby="your-cases-title">
      <h2 id="your-cases-title" className="two-pane__title">
        {t('list.yours')}
      </h2>
      <ListStates isPending={mine.isPending} isEmpty={cases.length === 0} emptyText={t('list.emptyYours')}>
        <CaseList label={t('list.yours')} cases={cases} selectedId={selectedId} onSelect={onSelect} showDates />
      </ListStates>
    </section>
  );
}
