import { type ConversationListItem, DEPARTMENTS, HANDOFF_REASON_MAX, handoffMessages, transferConversationRequest } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDate } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { BusyButton } from '../../../lib/ui/busy-button';
import { Modal } from '../../../lib/ui/modal';
import { SelectField } from '../../../lib/ui/select-field';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { conversationsQueryKey } from '../api/query-keys';
import { colleaguesQueryKey, fetchColleagues, handoffsQueryKey, transferConversation } from './api';
import { HANDOFFS_NS } from './i18n';
import './handoffs.css';

type Errors = Partial<Record<'department' | 'employeeId' | 'reason', string>>;

/**
 * Issue 33: the clerk handling a letter hands it to another department (it waits in that
 * department's open queue) or to a colleague, with a reason its citizen reads. The term stays, and
 * the dialog says until when. Field errors (the contract's, or the server's) sit under their field.
 */
export default function TransferDialog({ conversation, meId, onTransferred }: { conversation: ConversationListItem; meId: number; onTransferred: () => void }) {
  const { t, i18n } = useTranslation(HANDOFFS_NS);
  const message = useMessageText();
  const id = useId();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [target, setTarget] = useState<'department' | 'colleague'>('department');
  const [department, setDepartment] = useState('');
  const [colleague, setColleague] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const colleagues = useQuery({ queryKey: colleaguesQueryKey, queryFn: fetchColleagues, enabled: isOpen && target === 'colleague' });
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof transferConversation>[1]) => transferConversation(conversation.id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });

  function close() {
    setOpen(false);
    setErrors({});
  }

  function submit() {
    const body = { ...(target === 'department' ? (department ? { department } : {}) : colleague ? { employeeId: Number(colleague) } : {}), reason };
    const checked = transferConversationRequest.safeParse(body);
    // The schema names a missing choice only once the reason passes: say both at once.
    const noChoice = target === 'department' ? department === '' : colleague === '';
    if (!checked.success || noChoice) {
      const found: Errors = noChoice ? { [target === 'department' ? 'department' : 'employeeId']: handoffMessages.oneTarget } : {};
      for (const issue of checked.error?.issues ?? []) {
        const field = issue.path[0] === 'department' && target === 'colleague' ? 'employeeId' : (issue.path[0] as keyof Errors);
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    mutation.mutate(checked.data, {
      onSuccess: () => {
        close();
        void queryClient.invalidateQueries({ queryKey: handoffsQueryKey(conversation.id) });
        notify(t('transfer.done', { subject: conversation.subject }), 'success', { key: 'letters.resolve' });
        onTransferred();
      },
      onError: (error) => {
        const fields = error instanceof HttpError ? (error.fields as Errors) : {};
        if (Object.keys(fields).length > 0) setErrors(fields);
        else notify(error instanceof HttpError && error.status === 409 ? (message(error.message) ?? t('transfer.failed')) : t('transfer.failed'), 'error', { key: 'letters.transfer' });
      },
    });
  }

  const departments = DEPARTMENTS.filter((name) => name !== conversation.recipient).map((name) => ({ value: name, label: t(`letters:departments.${name}`) }));
  const people = (colleagues.data ?? []).filter((person) => person.id !== meId).map((person) => ({ value: String(person.id), label: person.name }));

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('transfer.open')}
      </button>
      <Modal
        isOpen={isOpen}
        title={t('transfer.title')}
        onClose={close}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={close}>
              {t('transfer.cancel')}
            </button>
            <BusyButton type="submit" form={`${id}-form`} className="button button--primary" busy={mutation.isPending}>
              {mutation.isPending ? t('transfer.submitting') : t('transfer.submit')}
            </BusyButton>
          </>
        }
      >
        {conversation.dueDate && <p>{t('transfer.intro', { date: formatDate(conversation.dueDate, i18n.language, { long: true }) })}</p>}
        <form
          id={`${id}-form`}
          noValidate
          className="handoff-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset className="handoff-form__choice">
            <legend>{t('transfer.to')}</legend>
            {(['department', 'colleague'] as const).map((choice) => (
              <label key={choice} className="handoff-form__option">
                <input
                  type="radio"
                  name={`${id}-target`}
                  value={choice}
                  checked={target === choice}
                  onChange={() => {
                    setTarget(choice);
                    setErrors({});
                  }}
                />{' '}
                {t(choice === 'department' ? 'transfer.toDepartment' : 'transfer.toColleague')}
              </label>
            ))}
          </fieldset>
          {target === 'department' ? (
            <SelectField
              label={t('transfer.department')}
              placeholder={t('transfer.chooseDepartment')}
              options={departments}
              value={department}
              error={message(errors.department)}
              onChange={(event) => setDepartment(event.currentTarget.value)}
            />
          ) : (
            <SelectField
              label={t('transfer.colleague')}
              placeholder={t('transfer.chooseColleague')}
              options={people}
              value={colleague}
              hint={colleagues.isError ? t('transfer.colleaguesFailed') : undefined}
              error={message(errors.employeeId)}
              onChange={(event) => setColleague(event.currentTarget.value)}
            />
          )}
          <TextAreaField
            label={t('transfer.reason')}
            hint={t('transfer.reasonHint', { max: HANDOFF_REASON_MAX })}
            rows={3}
            maxLength={HANDOFF_REASON_MAX}
            value={reason}
            error={message(errors.reason)}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </form>
      </Modal>
    </>
  );
}
