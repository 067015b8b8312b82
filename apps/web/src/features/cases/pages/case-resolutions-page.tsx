import { CASE_SEARCH_MAX, caseApiMessages, type CaseResolutionResponse, type CaseStatusEvent, PENDING_CASE_FILTER, type UserResponse } from '@portal/contract';
import { useCallback, useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { compareMoments } from '../../../lib/format';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../lib/ui/text-field';
import { useDebounced } from '../../../lib/use-debounced';
import { useNow } from '../../../lib/use-now';
import { useLinkedId } from '../../../lib/use-linked-id';
import { afterLoad, usePreloadWhenIdle } from '../../../lib/ui/after-load';
import { ListStates, LoadingState } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import type { TabItem } from '../../../lib/ui/tabs';
import { useCasesByStatus, useUserCases } from '../api/queries';
import { CaseConfirmation } from '../components/case-confirmation';
import { CaseDetails } from '../components/case-details';
import { CaseList } from '../components/case-list';
import { StaffCaseLists } from '../components/staff-case-lists';
import { CASES_NS } from '../i18n';
import { useCasesRealtime } from '../live/use-cases-realtime';
import '../cases.css';

// The form to open a case (react-hook-form, its schema) is in the second tab, List comes first: it
// loads once the page is drawn, not with it (issue 16).
const CaseForm = afterLoad(() => import('../components/case-form').then((module) => module.CaseForm), { placeholder: <LoadingState /> });

type CasesView = 'create' | 'list';

/** The query parameter of a link to one case (the notification emails' links). */
const CASE_PARAM = 'case';

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
  /** Counts See Details presses: each one brings the details into view, also of the case already open. */
  const [openings, setOpenings] = useState(0);
  const [liveNote, setLiveNote] = useState<{ caseId: number; text: string }>();
  /** The case this citizen just submitted: its confirmation leads its details until another case is opened. */
  const [submitted, setSubmitted] = useState<CaseResolutionResponse>();
  // `?case=<id>` (a notification's or an email's link, e.g. the status emails) opens that case's
  // details, also when the page is already open; the server still decides who may read it.
  useLinkedId(CASE_PARAM, (linked) => {
    setView('list');
    setSelectedId(linked);
    setOpenings((count) => count + 1);
  });

  const onStatus = useCallback(
    (event: CaseStatusEvent) => setLiveNote({ caseId: event.caseId, text: t('details.liveChange', { status: t(`status.${event.status}`) }) }),
    [t],
  );
  useCasesRealtime(onStatus);
  usePreloadWhenIdle(...(canCreate ? [CaseForm] : []));

  function open(caseResolution: CaseResolutionResponse) {
    // The details take the reader's focus once they are drawn (below the lists on a phone).
    setSelectedId(caseResolution.id);
    setOpenings((count) => count + 1);
  }

  const isStaff = me.role !== 'USER';
  const list: TabItem<CasesView> = {
    id: 'list',
    label: t('views.list'),
    panel: (
      <div className="two-pane cases-pane">
        <div className="two-pane__list">
          {isStaff ? (
            <StaffCaseLists pending={<CaseQueue selectedId={selectedId} onSelect={open} />} selectedId={selectedId} onSelect={open} />
          ) : (
            <PendingCases selectedId={selectedId} onSelect={open} />
          )}
          {/* A citizen's other cases; their pending ones are in the spec's list above, so each case shows once. */}
          {me.role === 'USER' && <YourCases userId={me.id} selectedId={selectedId} onSelect={open} />}
        </div>
        <div className="two-pane__detail">
          {submitted && submitted.id === selectedId && (
            <CaseConfirmation created={submitted} onOpen={() => setOpenings((count) => count + 1)} />
          )}
          {selectedId === null ? (
            <p className="empty-state">{t('details.prompt')}</p>
          ) : (
            <CaseDetails
              key={selectedId}
              caseId={selectedId}
              role={me.role}
              focusRequest={openings}
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
          // The confirmation takes the reader's focus (not the details under it): it is what they keep.
          setView('list');
          setSubmitted(created);
          setSelectedId(created.id);
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

/** The waiting times are brought up to date this often. */
const CLOCK_TICK_MS = 30_000;
/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 250;

const oldestFirst = (a: CaseResolutionResponse, b: CaseResolutionResponse) => compareMoments(a.submissionDate, b.submissionDate) || a.id - b.id;

/** 'Pending Case Resolutions' for a citizen: their own cases waiting for a decision. */
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
        {/* With the date it was sent: two applications for the same plate are otherwise told apart by nothing. */}
        <CaseList label={t('list.pending')} cases={cases} selectedId={selectedId} onSelect={onSelect} showDates />
      </ListStates>
    </section>
  );
}

/**
 * 'Pending Case Resolutions' for staff, as a working queue like the letters': oldest first, who
 * applied and how long each case has waited, and a search the server answers.
 */
function CaseQueue({ selectedId, onSelect }: ListProps) {
  const { t } = useTranslation(CASES_NS);
  const message = useMessageText();
  const now = useNow(CLOCK_TICK_MS);
  const [text, setText] = useState('');
  const typed = text.trim();
  const q = useDebounced(typed, SEARCH_DELAY_MS);
  const tooLong = typed.length > CASE_SEARCH_MAX;
  const pending = useCasesByStatus(PENDING_CASE_FILTER, tooLong ? '' : q);
  const cases = [...(pending.data ?? [])].sort(oldestFirst);
  return (
    <section className="cases-section" aria-labelledby="pending-cases-title">
      <h2 id="pending-cases-title" className="two-pane__title">
        {t('list.pending')}
      </h2>
      <div role="search" className="case-search">
        <TextField
          type="search"
          label={t('list.search')}
          hint={t('list.searchHint')}
          autoComplete="off"
          value={text}
          error={tooLong ? message(caseApiMessages.searchTooLong) : undefined}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </div>
      <p className="case-search__result" role="status">
        {q && !tooLong && !pending.isPending && !pending.isPlaceholderData && cases.length > 0 ? t('list.matches', { count: cases.length, q }) : ''}
      </p>
      <ListStates
        isPending={pending.isPending}
        isEmpty={cases.length === 0}
        emptyText={q && !tooLong ? t('list.noMatches', { q }) : t('list.emptyPending')}
      >
        <CaseList label={t('list.pending')} cases={cases} selectedId={selectedId} onSelect={onSelect} queue={{ now }} />
      </ListStates>
    </section>
  );
}

/** A citizen's cases being handled or decided, with their dates (the pending ones are listed above). */
function YourCases({ userId, selectedId, onSelect }: ListProps & { userId: number }) {
  const { t } = useTranslation(CASES_NS);
  const mine = useUserCases(userId);
  const cases = (mine.data ?? []).filter((item) => item.status !== PENDING_CASE_FILTER);
  return (
    <section className="cases-section" aria-labelledby="your-cases-title" aria-describedby="your-cases-hint">
      <h2 id="your-cases-title" className="two-pane__title">
        {t('list.yours')}
      </h2>
      <p id="your-cases-hint" className="cases-section__hint">
        {t('list.yoursHint')}
      </p>
      <ListStates isPending={mine.isPending} isEmpty={cases.length === 0} emptyText={t('list.emptyYours')}>
        <CaseList label={t('list.yours')} cases={cases} selectedId={selectedId} onSelect={onSelect} showDates />
      </ListStates>
    </section>
  );
}
