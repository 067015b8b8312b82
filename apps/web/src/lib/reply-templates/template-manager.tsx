import {
  DEPARTMENTS,
  type Department,
  REPLY_TEMPLATE_NAME_MAX,
  REPLY_TEMPLATE_TEXT_MAX,
  type ReplyTemplateRequest,
  type ReplyTemplateResponse,
  type ReplyTemplateScope,
  replyTemplateMessages,
  replyTemplateRequest,
  unknownPlaceholders,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { HttpError } from '../http';
import { useMessageText, useTranslation } from '../i18n';
import { REPLY_TEMPLATE_MESSAGES_NS } from '../i18n/groups/reply-templates';
import { NotificationSlot, notify } from '../notifications';
import { BusyButton } from '../ui/busy-button';
import { ErrorSummary } from '../ui/error-summary';
import { ErrorState, ListStates } from '../ui/list-states';
import { SelectField } from '../ui/select-field';
import { TextAreaField } from '../ui/text-area-field';
import { TextField } from '../ui/text-field';
import { deleteReplyTemplate, fetchReplyTemplates, replyTemplatesQueryKey, saveReplyTemplate } from './api';
import { REPLY_TEMPLATES_NS } from './i18n';
import './reply-templates.css';

type Draft = { name: string; language: 'en' | 'pl'; department: Department | ''; text: string };
type Field = keyof Draft;
const EMPTY: Draft = { name: '', language: 'en', department: '', text: '' };

/**
 * Keeping canned replies (issue 33 point 4): the admins' department templates (Admin Dashboard,
 * "Reply templates") or an employee's own (Employee Dashboard). Checked with the contract's rules
 * before sending; the server's field errors show next to their field; changes are audited there.
 */
export function ReplyTemplateManager({ scope }: { scope: ReplyTemplateScope }) {
  const { t } = useTranslation(REPLY_TEMPLATES_NS);
  const { t: tm } = useTranslation(REPLY_TEMPLATE_MESSAGES_NS);
  const message = useMessageText();
  const titleId = useId();
  const formTitleId = useId();
  const queryClient = useQueryClient();
  const nameRef = useRef<HTMLInputElement>(null);
  const templates = useQuery({ queryKey: [...replyTemplatesQueryKey, 'manager', scope], queryFn: () => fetchReplyTemplates({ scope }) });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<ReplyTemplateResponse>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Counts the refused saves (here or by the server): the error summary appears and takes focus on each.
  const [refusals, setRefusals] = useState(0);
  const refuse = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    setRefusals((count) => count + 1);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: replyTemplatesQueryKey });
  const save = useMutation({ mutationFn: ({ body, id }: { body: ReplyTemplateRequest; id?: number }) => saveReplyTemplate(body, id), onSuccess: refresh });
  const remove = useMutation({ mutationFn: deleteReplyTemplate, onSuccess: refresh });

  /** A message in the reader's language; an unknown placeholder is named in it. */
  const wording = (field: Field, text: string): string => {
    const [unknown] = field === 'text' ? unknownPlaceholders(draft.text) : [];
    if (unknown !== undefined && text.startsWith('Unknown placeholder')) return tm('unknownPlaceholder', { name: `{${unknown}}` });
    return message(text) ?? text;
  };

  const body = (): ReplyTemplateRequest => ({
    name: draft.name,
    language: draft.language,
    scope,
    text: draft.text,
    ...(scope === 'DEPARTMENT' ? { department: draft.department === '' ? null : draft.department } : {}),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = replyTemplateRequest.safeParse(body());
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= wording(field, issue.message);
      }
      // The schema checks the department once the fields pass; say it now, not after the next save.
      if (scope === 'DEPARTMENT' && draft.department === '') found.department ??= wording('department', replyTemplateMessages.departmentRequired);
      refuse(found);
      return;
    }
    save.mutate(
      { body: body(), ...(editing ? { id: editing.id } : {}) },
      {
        onSuccess: () => {
          notify(t('manager.saved'), 'success', { key: `templates.${scope}` });
          setDraft(EMPTY);
          setEditing(undefined);
          setErrors({});
        },
        onError: (error) => {
          if (error instanceof HttpError && Object.keys(error.fields).length > 0) {
            refuse(Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field, wording(field as Field, text)])));
          } else notify(t('manager.failed'), 'error', { key: `templates.${scope}` });
        },
      },
    );
  }

  function startEditing(template: ReplyTemplateResponse) {
    setEditing(template);
    setErrors({});
    setDraft({ name: template.name, language: template.language, department: template.department ?? '', text: template.text });
    nameRef.current?.focus();
  }

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const list = templates.data ?? [];

  return (
    <section className="template-manager" aria-labelledby={titleId}>
      <h2 id={titleId} className="template-manager__title">
        {scope === 'DEPARTMENT' ? t('manager.departmentTitle') : t('manager.personalTitle')}
      </h2>
      <p>{t('manager.intro')}</p>
      <NotificationSlot keys={[`templates.${scope}`]} />
      {templates.isError ? (
        <ErrorState>{t('loadFailed')}</ErrorState>
      ) : (
        <ListStates isPending={templates.isPending} isEmpty={list.length === 0} emptyText={t('manager.empty')}>
          <ul className="template-manager__list" aria-labelledby={titleId}>
            {list.map((template) => (
              <li key={template.id} className="template-manager__item">
                <strong>{template.name}</strong> · {t(`languages.${template.language}`)}
                {template.department ? ` · ${t(`departments.${template.department}`)}` : ''}
                <p className="template-manager__text">{template.text}</p>
                <div className="button-row">
                  <button type="button" className="button button--secondary" aria-label={`${t('manager.edit')}: ${template.name}`} onClick={() => startEditing(template)}>
                    {t('manager.edit')}
                  </button>
                  <BusyButton
                    type="button"
                    className="button button--secondary"
                    aria-label={`${t('manager.delete')}: ${template.name}`}
                    busy={remove.isPending && remove.variables === template.id}
                    onClick={() => remove.mutate(template.id, { onSuccess: () => notify(t('manager.deleted'), 'success', { key: `templates.${scope}` }) })}
                  >
                    {t('manager.delete')}
                  </BusyButton>
                </div>
              </li>
            ))}
          </ul>
        </ListStates>
      )}
      <form className="template-manager__form" noValidate onSubmit={onSubmit} aria-labelledby={formTitleId}>
        <h3 id={formTitleId}>{editing ? t('manager.editing', { name: editing.name }) : t('manager.newTemplate')}</h3>
        <ErrorSummary
          errors={Object.fromEntries(Object.entries(errors).flatMap(([field, text]) => (text ? [[field, { type: 'refused', message: text }]] : [])))}
          submitCount={refusals}
          headingLevel={3}
        />
        <TextField ref={nameRef} name="name" label={t('manager.name')} value={draft.name} maxLength={REPLY_TEMPLATE_NAME_MAX} error={errors.name} onChange={change('name')} />
        <SelectField
          label={t('manager.language')}
          name="language"
          value={draft.language}
          options={(['en', 'pl'] as const).map((value) => ({ value, label: t(`languages.${value}`) }))}
          onChange={change('language')}
        />
        {scope === 'DEPARTMENT' && (
          <SelectField
            label={t('manager.department')}
            name="department"
            value={draft.department}
            placeholder={t('manager.chooseDepartment')}
            options={DEPARTMENTS.map((value) => ({ value, label: t(`departments.${value}`) }))}
            error={errors.department}
            onChange={change('department')}
          />
        )}
        <TextAreaField name="text" label={t('manager.text')} rows={5} value={draft.text} maxLength={REPLY_TEMPLATE_TEXT_MAX} error={errors.text} onChange={change('text')} />
        <div className="button-row">
          <BusyButton type="submit" className="button button--primary" busy={save.isPending}>
            {save.isPending ? t('manager.saving') : t('manager.save')}
          </BusyButton>
          {editing && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setEditing(undefined);
                setDraft(EMPTY);
                setErrors({});
              }}
            >
              {t('manager.cancel')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
