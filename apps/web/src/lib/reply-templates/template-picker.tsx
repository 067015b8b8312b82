import type { Department } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../i18n';
import { BusyButton } from '../ui/busy-button';
import { ErrorState } from '../ui/list-states';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { useDebounced } from '../use-debounced';
import { fetchReplyTemplates, fillReplyTemplate, replyTemplatesQueryKey } from './api';
import { REPLY_TEMPLATES_NS } from './i18n';
import './reply-templates.css';

/**
 * The chat's canned replies (issue 33 point 4): a search by name and a list (a native listbox,
 * arrow keys and type-ahead included) of the conversation's department's templates and the clerk's
 * own; with none (or none found) it says so instead of offering an empty list. "Insert" asks the server to fill the placeholders from the conversation and puts the text
 * in the message box, where the clerk edits it before sending.
 */
export function ReplyTemplatePicker({ conversationId, department, onInsert }: { conversationId: number; department: Department; onInsert: (text: string) => void }) {
  const { t } = useTranslation(REPLY_TEMPLATES_NS);
  const titleId = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const [chosen, setChosen] = useState<number>();
  const [status, setStatus] = useState<'inserted' | 'failed'>();
  const templates = useQuery({ queryKey: [...replyTemplatesQueryKey, 'picker', department, q], queryFn: () => fetchReplyTemplates({ q, department }), placeholderData: keepPreviousData });
  const fill = useMutation({ mutationFn: (id: number) => fillReplyTemplate(id, conversationId) });
  const list = templates.data ?? [];
  const selected = list.find((template) => template.id === chosen) ?? list[0];

  function insert() {
    if (!selected) return;
    setStatus(undefined);
    fill.mutate(selected.id, {
      onSuccess: (filled) => {
        onInsert(filled.text);
        setStatus('inserted');
      },
      onError: () => setStatus('failed'),
    });
  }

  return (
    <section className="template-picker" aria-labelledby={titleId}>
      <h4 id={titleId} className="template-picker__title">
        {t('picker.title')}
      </h4>
      {templates.isError ? (
        <ErrorState>{t('loadFailed')}</ErrorState>
      ) : (
        <div className="template-picker__row">
          <TextField type="search" label={t('picker.search')} value={search} onChange={(event) => setSearch(event.target.value)} className="template-picker__search" />
          {/* Nothing to choose: say why in words rather than offer a list with nothing in it. */}
          {templates.isSuccess && list.length === 0 ? (
            <p className="template-picker__empty">{q === '' ? t('picker.noneYet') : t('picker.none', { q })}</p>
          ) : (
            <>
              <SelectField
                label={t('picker.list')}
                className="template-picker__list"
                value={selected ? String(selected.id) : ''}
                disabled={list.length === 0}
                options={list.map((template) => ({ value: String(template.id), label: `${template.name} (${template.language.toUpperCase()})` }))}
                onChange={(event) => setChosen(Number(event.target.value))}
              />
              <BusyButton type="button" className="button button--secondary" busy={fill.isPending} disabled={!selected} onClick={insert}>
                {fill.isPending ? t('picker.inserting') : t('picker.insert')}
              </BusyButton>
            </>
          )}
        </div>
      )}
      <p className="template-picker__status" role="status">
        {status === 'inserted' ? t('picker.inserted') : status === 'failed' ? t('picker.failed') : ''}
      </p>
    </section>
  );
}
