import { MATTER_KINDS, MATTER_SEARCH_MAX, MATTER_STATES, matterMessages, type MatterKind, type MatterState } from '@portal/contract';
import { useState } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import '../../../lib/i18n/groups/matters';
import { ListStates } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { SelectField } from '../../../lib/ui/select-field';
import { TextField } from '../../../lib/ui/text-field';
import { useDebounced } from '../../../lib/use-debounced';
import { useMatters } from '../api/queries';
import { MatterList } from '../components/matter-list';
import { MATTERS_NS } from '../i18n';
import { useMattersRealtime } from '../live/use-matters-realtime';

// The layout loads the header's link from here, with the page's code (one chunk, not two).
export { MattersLink } from '../components/matters-link';

/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 250;

/**
 * "My matters" (issue 32 point 1): every letter, case and payment of the citizen, newest activity
 * first, filtered by kind and by whose move it is, searched by reference or subject, a page at a
 * time from the server. Each entry opens its own screen.
 */
export function MattersPage() {
  const { t } = useTranslation(MATTERS_NS);
  const message = useMessageText();
  const [kind, setKind] = useState<MatterKind | ''>('');
  const [state, setState] = useState<MatterState | ''>('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const typed = text.trim();
  const q = useDebounced(typed, SEARCH_DELAY_MS);
  const tooLong = typed.length > MATTER_SEARCH_MAX;
  const list = useMatters({ kind: kind || undefined, state: state || undefined, q: tooLong ? undefined : q || undefined, page });
  useMattersRealtime();
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = list.data ? Math.max(1, Math.ceil(total / list.data.pageSize)) : 1;
  const filtered = kind !== '' || state !== '' || (q !== '' && !tooLong);

  return (
    <PageShell title={t('title')}>
      <section className="card matters">
        <p>{t('intro')}</p>
        <form role="search" aria-label={t('filters')} className="matters__filters" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label={t('kind')}
            value={kind}
            options={[{ value: '', label: t('kinds.all') }, ...MATTER_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))]}
            onChange={(event) => {
              setKind(event.currentTarget.value as MatterKind | '');
              setPage(1);
            }}
          />
          <SelectField
            label={t('state')}
            value={state}
            options={[{ value: '', label: t('states.all') }, ...MATTER_STATES.map((value) => ({ value, label: t(`states.${value}`) }))]}
            onChange={(event) => {
              setState(event.currentTarget.value as MatterState | '');
              setPage(1);
            }}
          />
          <TextField
            type="search"
            label={t('search')}
            hint={t('searchHint')}
            autoComplete="off"
            value={text}
            error={tooLong ? message(matterMessages.searchTooLong) : undefined}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setPage(1);
            }}
          />
        </form>
        {/* Announced politely each time a filter's answer arrives. */}
        <p className="matters__count" role="status">
          {list.data && !list.isPlaceholderData ? t('found', { count: total }) : ''}
        </p>
        <ListStates
          isPending={list.isPending}
          isError={list.isError}
          isEmpty={items.length === 0}
          loadingText={t('loading')}
          errorText={t('loadError')}
          emptyText={filtered ? t('noMatches') : t('empty')}
        >
          <MatterList items={items} />
          {pages > 1 && (
            <nav className="matters__pages" aria-label={t('pages')}>
              <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('previous')}
              </button>
              <span>{t('page', { page, pages })}</span>
              <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('nextPage')}
              </button>
            </nav>
          )}
        </ListStates>
      </section>
    </PageShell>
  );
}
