import { CASE_SEARCH_MAX, caseApiMessages, type CaseResolutionResponse, STAFF_CASE_VIEWS, type StaffCaseListItem, type StaffCaseView } from '@portal/contract';
import { type ReactNode, useId, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import '../../../lib/i18n/groups/desk';
import { ListStates } from '../../../lib/ui/list-states';
import { Tabs, type TabItem } from '../../../lib/ui/tabs';
import { TextField } from '../../../lib/ui/text-field';
import { useDebounced } from '../../../lib/use-debounced';
import { useNow } from '../../../lib/use-now';
import { useStaffCases } from '../api/queries';
import { CASES_NS } from '../i18n';
import { CaseList } from './case-list';
import '../desk.css';

type ListProps = { selectedId: number | null; onSelect: (caseResolution: CaseResolutionResponse) => void };
type DeskView = 'pending' | StaffCaseView;

/** The waiting times are brought up to date this often. */
const CLOCK_TICK_MS = 30_000;
/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 250;

/**
 * Staff's case lists (issue 33): the spec's 'Pending Case Resolutions' first, as it is, then the
 * cases in progress with who handles them, the clerk's own ("Mine") and the decided ones. Lists
 * refresh live: every case-status event refetches them (use-cases-realtime).
 */
export function StaffCaseLists({ pending, selectedId, onSelect }: ListProps & { pending: ReactNode }) {
  const { t } = useTranslation(CASES_NS);
  const [view, setView] = useState<DeskView>('pending');
  const tabs: TabItem<DeskView>[] = [
    { id: 'pending', label: t('desk.views.pending'), panel: pending },
    ...STAFF_CASE_VIEWS.map((id) => ({
      id,
      label: t(`desk.views.${id}`),
      panel: <StaffCaseViewList key={id} view={id} selectedId={selectedId} onSelect={onSelect} />,
    })),
  ];
  return <Tabs label={t('desk.label')} tabs={tabs} selected={view} onSelect={setView} />;
}

function StaffCaseViewList({ view, selectedId, onSelect }: ListProps & { view: StaffCaseView }) {
  const { t, i18n } = useTranslation(CASES_NS);
  const message = useMessageText();
  const titleId = useId();
  const now = useNow(CLOCK_TICK_MS);
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const typed = text.trim();
  const q = useDebounced(typed, SEARCH_DELAY_MS);
  const tooLong = typed.length > CASE_SEARCH_MAX;
  const list = useStaffCases(view, tooLong ? '' : q, page);
  const items = list.data?.items ?? [];
  const byId = new Map<number, StaffCaseListItem>(items.map((item) => [item.id, item]));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const title = t(`desk.titles.${view}`);

  return (
    <section className="cases-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="two-pane__title">
        {title}
      </h2>
      <div role="search" className="case-search">
        <TextField
          type="search"
          label={t('list.search')}
          hint={t('list.searchHint')}
          autoComplete="off"
          value={text}
          error={tooLong ? message(caseApiMessages.searchTooLong) : undefined}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(1);
          }}
        />
      </div>
      <p className="case-search__result" role="status">
        {q && !tooLong && !list.isPending && !list.isPlaceholderData && items.length > 0 ? t('list.matches', { count: list.data?.total ?? 0, q }) : ''}
      </p>
      <ListStates isPending={list.isPending} isEmpty={items.length === 0} emptyText={q && !tooLong ? t('desk.noMatches', { q }) : t(`desk.empty.${view}`)}>
        <CaseList
          label={title}
          cases={items}
          selectedId={selectedId}
          onSelect={onSelect}
          queue={{ now }}
          extraFacts={(item) => {
            const found = byId.get(item.id);
            return (
              <>
                {found?.handler && (
                  <div className="case-list__wide">
                    <dt>{t('desk.handler')}</dt>
                    <dd>{`${found.handler.firstName} ${found.handler.lastName}`}</dd>
                  </div>
                )}
                {found?.decidedAt && (
                  <div>
                    <dt>{t('desk.decidedAt')}</dt>
                    <dd>
                      <time dateTime={found.decidedAt}>{formatDateTime(found.decidedAt, i18n.language)}</time>
                    </dd>
                  </div>
                )}
              </>
            );
          }}
        />
        {pages > 1 && (
          <nav className="case-pages" aria-label={t('desk.pages')}>
            <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('desk.previous')}
            </button>
            <span>{t('desk.page', { page, pages, total: list.data?.total ?? 0 })}</span>
            <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('desk.next')}
            </button>
          </nav>
        )}
      </ListStates>
    </section>
  );
}
