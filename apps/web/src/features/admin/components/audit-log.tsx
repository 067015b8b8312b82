import { AUDIT_ACTIONS, fullName, USERNAME_MAX, type AuditAction, type AuditEntryResponse, type UserSummary } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ListStates } from '../../../lib/ui/list-states';
import { SelectField } from '../../../lib/ui/select-field';
import { DateField, TextField } from '../../../lib/ui/text-field';
import { exportAuditCsv, type AuditFilters } from '../api/calls';
import { useAuditLog, useStaff } from '../api/queries';
import { formatDateTime } from '../../../lib/format';
import { fieldChanges, saveTextFile } from '../audit-format';
import { fieldLabel, recordTitle, valueText } from '../audit-records';
import { actionKey, ADMIN_NS } from '../i18n';
import { AuditVerdict } from './audit-verdict';

export const AUDIT_PAGE_SIZE_SHOWN = 20;

type Draft = { actorId: string; action: string; fromDay: string; toDay: string };
const emptyDraft: Draft = { actorId: '', action: '', fromDay: '', toDay: '' };

function toFilters(draft: Draft): AuditFilters {
  return {
    ...(draft.actorId ? { actorId: Number(draft.actorId) } : {}),
    ...(draft.action ? { action: draft.action as AuditAction } : {}),
    ...(draft.fromDay ? { fromDay: draft.fromDay } : {}),
    ...(draft.toDay ? { toDay: draft.toDay } : {}),
  };
}

/**
 * The audit trail (issue 10): the chain's check, filters by staff member, action and days, the
 * entries newest first a page at a time, and the same selection as a CSV file.
 */
export function AuditLog() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [isExporting, setIsExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const [staffText, setStaffText] = useState('');
  const staff = useStaff(staffText);
  // The chosen person stays a choice while another search text lists other people.
  const [chosen, setChosen] = useState<UserSummary>();
  const log = useAuditLog(filters, page, AUDIT_PAGE_SIZE_SHOWN);

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters(toFilters(draft));
    setPage(1);
  }

  function clear() {
    setDraft(emptyDraft);
    setFilters({});
    setPage(1);
  }

  async function onExport() {
    setIsExporting(true);
    setExportFailed(false);
    try {
      const csv = await exportAuditCsv(filters);
      saveTextFile(csv, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv;charset=utf-8');
    } catch (error) {
      console.error('audit export failed', error);
      setExportFailed(true);
    } finally {
      setIsExporting(false);
    }
  }

  const entries = log.data?.items ?? [];
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE_SHOWN));
  const found = staff.data ?? [];
  const people = chosen && draft.actorId === String(chosen.id) && !found.some((person) => person.id === chosen.id) ? [chosen, ...found] : found;
  const staffOptions = people.map((person) => ({ value: String(person.id), label: `${fullName(person)} (${person.username})` }));
  const actionOptions = AUDIT_ACTIONS.map((action) => ({ value: action, label: t(actionKey(action)) }));

  return (
    <section className="admin-audit" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="form__title">
        {t('audit.title')}
      </h2>
      <p className="form__intro">{t('audit.intro')}</p>
      <AuditVerdict />

      <form className="admin-audit__filters" onSubmit={apply} aria-label={t('audit.filters')}>
        <TextField
          label={t('audit.findActor')}
          type="search"
          autoComplete="off"
          maxLength={USERNAME_MAX}
          value={staffText}
          onChange={(event) => setStaffText(event.target.value)}
        />
        <SelectField
          label={t('audit.actor')}
          placeholder={t('audit.anyActor')}
          options={staffOptions}
          value={draft.actorId}
          onChange={(event) => {
            setChosen(people.find((person) => String(person.id) === event.target.value));
            setDraft({ ...draft, actorId: event.target.value });
          }}
        />
        <SelectField
          label={t('audit.action')}
          placeholder={t('audit.anyAction')}
          options={actionOptions}
          value={draft.action}
          onChange={(event) => setDraft({ ...draft, action: event.target.value })}
        />
        <DateField label={t('audit.from')} value={draft.fromDay} max={draft.toDay || undefined} onChange={(event) => setDraft({ ...draft, fromDay: event.target.value })} />
        <DateField label={t('audit.to')} value={draft.toDay} min={draft.fromDay || undefined} onChange={(event) => setDraft({ ...draft, toDay: event.target.value })} />
        <div className="admin-audit__buttons">
          <button type="submit" className="button button--primary">
            {t('audit.apply')}
          </button>
          <button type="button" className="button button--secondary" onClick={clear}>
            {t('audit.reset')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void onExport()} disabled={isExporting} aria-busy={isExporting || undefined}>
            {isExporting ? t('audit.exporting') : t('audit.export')}
          </button>
        </div>
      </form>
      <div role="alert">{exportFailed && <p className="state state--error">{t('audit.exportFailed')}</p>}</div>

      <ListStates isPending={log.isPending} isError={log.isError} isEmpty={entries.length === 0} emptyText={Object.keys(filters).length > 0 ? t('audit.empty') : t('audit.emptyAll')} errorText={t('audit.failed')}>
        <table role="table" className="admin-table admin-table--audit" aria-busy={log.isFetching || undefined}>
          <caption className="visually-hidden">{t('audit.caption')}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">{t('audit.when')}</th>
              <th role="columnheader" scope="col">{t('audit.who')}</th>
              <th role="columnheader" scope="col">{t('audit.what')}</th>
              <th role="columnheader" scope="col">{t('audit.record')}</th>
              <th role="columnheader" scope="col">{t('audit.change')}</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} language={i18n.language} />
            ))}
          </tbody>
        </table>
        <nav className="pager" aria-label={t('audit.pagination')}>
          <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('audit.previous')}
          </button>
          <p className="pager__status" aria-live="polite">
            {t('audit.page', { page, pages, total })}
          </p>
          <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('audit.next')}
          </button>
        </nav>
      </ListStates>
    </section>
  );
}

function AuditRow({ entry, language }: { entry: AuditEntryResponse; language: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const changes = fieldChanges(entry.before, entry.after, (value, field) => valueText(t, language, entry, field, value));
  return (
    <tr role="row">
      <td role="cell" data-label={t('audit.when')}>
        <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt, language, { seconds: true })}</time>
      </td>
      <td role="cell" data-label={t('audit.who')}>{entry.actorName}</td>
      <td role="cell" data-label={t('audit.what')}>{t(actionKey(entry.action))}</td>
      <td role="cell" data-label={t('audit.record')}>{recordTitle(t, language, entry)}</td>
      <td role="cell" data-label={t('audit.change')}>
        {entry.malformed && (
          <p className="audit-malformed">
            <strong>{t('audit.malformed')}</strong>{' '}
            {(['before', 'after'] as const).map((side) => {
              const text = entry.malformed?.[side];
              return text === undefined ? null : <code key={side}>{text}</code>;
            })}
          </p>
        )}
        <ul className="audit-changes">
          {changes.map((change) => (
            <li key={change.field}>
              <span className="audit-changes__field">{fieldLabel(t, change.field)}</span>:{' '}
              {change.before === undefined ? (
                <span>{change.after}</span>
              ) : (
                <>
                  <del>{change.before}</del> → <ins>{change.after ?? '—'}</ins>
                </>
              )}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
