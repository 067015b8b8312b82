import { obligationMessages, type UserSummary } from '@portal/contract';
import { useId, useState } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { useDebounced } from '../../../lib/use-debounced';
import { ListStates } from '../../../lib/ui/list-states';
import { useUserLabels } from '../api/queries';
import { OBLIGATIONS_NS } from '../i18n';
import { UserList } from './user-list';

const m = obligationMessages;
/** Obligations belong to citizens: only their accounts are offered. */
const ROLE = 'USER';
/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 120;

/** The picker's search box: where the form's error summary sends the reader to choose a user. */
export const USER_SEARCH_ID = 'obligation-user-search';

type UserPickerProps = {
  selected: UserSummary | undefined;
  onSelect: (user: UserSummary) => void;
  /** 'Please select a user.' once Create was pressed without one: the picker's field error. */
  error?: string;
};

/**
 * Spec section 2 left panel 'Labels': a search box ('Search user...', case-insensitive substring of
 * the username) and the labels (first two letters, upper case, sorted) from the server; a label
 * toggles open and lists its users (prefix match). Both lists come a page at a time, so 100,000
 * users never travel to the browser.
 */
export function UserPicker({ selected, onSelect, error }: UserPickerProps) {
  const { t } = useTranslation(OBLIGATIONS_NS);
  const message = useMessageText();
  const headingId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const labels = useUserLabels(ROLE);
  const labelList = labels.data ?? [];
  if (labels.isError) console.error('[obligations] loading the labels failed', labels.error);

  function toggle(label: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(label)) next.delete(label);
      else next.add(label);
      return next;
    });
  }

  return (
    <section className="user-picker" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel-title">
        {message(m.labels)}
      </h2>
      <div className={error ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={USER_SEARCH_ID}>
          {t('create.searchLabel')}
        </label>
        <input
          id={USER_SEARCH_ID}
          type="search"
          className="field__input user-picker__search"
          placeholder={message(m.searchUser)}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${USER_SEARCH_ID}-error` : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {error && (
          <p id={`${USER_SEARCH_ID}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      {query ? (
        <div className="user-picker__results">
          <h3 className="user-picker__subtitle">{t('create.results', { q: query })}</h3>
          <UserList
            search={{ q: query }}
            role={ROLE}
            label={t('create.results', { q: query })}
            emptyText={t('create.noMatches', { q: query })}
            selectedId={selected?.id}
            onSelect={onSelect}
          />
        </div>
      ) : (
        <ListStates isPending={labels.isPending} isEmpty={labelList.length === 0} emptyText={t('create.noLabels')}>
          <p className="note">{t('create.labelsHint')}</p>
          <ul className="labels">
            {labelList.map((label) => {
              const isOpen = open.has(label);
              const listId = `${headingId}-label-${label}`;
              return (
                <li key={label} className="labels__item">
                  <button
                    type="button"
                    className="labels__toggle"
                    aria-expanded={isOpen}
                    aria-controls={isOpen ? listId : undefined}
                    onClick={() => toggle(label)}
                  >
                    <span aria-hidden="true" className="labels__chevron">
                      {isOpen ? '\u25be' : '\u25b8'}
                    </span>
                    {label}
                  </button>
                  {isOpen && (
                    <div id={listId} className="labels__users">
                      <UserList
                        search={{ prefix: label }}
                        role={ROLE}
                        label={t('create.labelUsers', { label })}
                        emptyText={t('create.noLabels')}
                        selectedId={selected?.id}
                        onSelect={onSelect}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </ListStates>
      )}
    </section>
  );
}
