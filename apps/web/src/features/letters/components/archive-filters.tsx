import { DEPARTMENTS, type Department } from '@portal/contract';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SelectField } from '../../../lib/ui/select-field';
import { DateField, TextField } from '../../../lib/ui/text-field';
import { NO_ARCHIVE_FILTERS, type ArchiveField, type ArchiveFilters } from '../api/archive';
import { LETTERS_DESK_NS } from '../desk-i18n';
import { LETTERS_NS } from '../i18n';
import './archive-filters.css';

type ArchiveFiltersProps = {
  draft: ArchiveFilters;
  onChange: (draft: ArchiveFilters) => void;
  /** Each already in the reader's language, shown under its field. */
  errors: Partial<Record<ArchiveField, string>>;
};

/**
 * The archive's search beside its filters (issue 33 point 2): the letter's department and the days
 * of resolution (both included). Each applies as it changes, as the search does, so there is no
 * button to forget; "Clear the filters" puts all four back and the reader's focus on the search.
 */
export function ArchiveFilterFields({ draft, onChange, errors }: ArchiveFiltersProps) {
  const { t } = useTranslation(LETTERS_NS);
  const { t: td } = useTranslation(LETTERS_DESK_NS);
  const search = useRef<HTMLInputElement>(null);
  const set = (field: ArchiveField) => (event: { currentTarget: { value: string } }) => onChange({ ...draft, [field]: event.currentTarget.value });
  const isFiltered = Object.values(draft).some((value) => value !== '');

  return (
    <div role="search" aria-label={td('archive.filters')} className="archive-filters">
      <TextField
        ref={search}
        type="search"
        label={td('archive.search')}
        hint={td('archive.searchHint')}
        autoComplete="off"
        className="archive-filters__search"
        value={draft.q}
        error={errors.q}
        onChange={set('q')}
      />
      <SelectField
        label={td('archive.department')}
        value={draft.department}
        options={[{ value: '', label: td('queue.allDepartments') }, ...DEPARTMENTS.map((value: Department) => ({ value, label: t(`departments.${value}`) }))]}
        error={errors.department}
        onChange={set('department')}
      />
      <DateField label={td('archive.resolvedFrom')} value={draft.resolvedFrom} max={draft.resolvedTo || undefined} error={errors.resolvedFrom} onChange={set('resolvedFrom')} />
      <DateField label={td('archive.resolvedTo')} value={draft.resolvedTo} min={draft.resolvedFrom || undefined} error={errors.resolvedTo} onChange={set('resolvedTo')} />
      {isFiltered && (
        <button
          type="button"
          className="button button--secondary archive-filters__clear"
          onClick={() => {
            onChange(NO_ARCHIVE_FILTERS);
            search.current?.focus();
          }}
        >
          {td('archive.clear')}
        </button>
      )}
    </div>
  );
}
