import { fullName, passwordMessages, type UserSummary } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { useDebounced } from '../../../lib/use-debounced';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { ListStates } from '../../../lib/ui/list-states';
import { TextField } from '../../../lib/ui/text-field';
import { findAccounts, sendPasswordReset } from '../api/calls';
import { accountSearchQueryKey } from '../api/query-keys';
import { ADMIN_NS } from '../i18n';
import './password-reset-sender.css';

const SEARCH_MIN = 2;

/**
 * Issue 35 point 3: an admin finds a person who cannot sign in (a citizen or staff, by username)
 * and emails them a one-use password-reset link from their row, after confirming. The spec's Reset
 * tab on the login page stays as it is; this is the office's way back.
 */
export function PasswordResetSender() {
  const { t } = useTranslation(ADMIN_NS);
  const contractMessage = useMessageText();
  // The passwords domain's messages are in this feature's texts (not in the app shell every screen loads).
  const message = (text: string | undefined) => {
    const key = Object.entries(passwordMessages).find(([, value]) => value === text)?.[0];
    return key ? t(`passwordReset.messages.${key}`) : contractMessage(text);
  };
  const headingId = useId();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const [confirming, setConfirming] = useState<UserSummary>();
  const [sentTo, setSentTo] = useState<string>();
  const found = useQuery({ queryKey: accountSearchQueryKey(search), queryFn: () => findAccounts(search), enabled: search.length >= SEARCH_MIN });
  const send = useMutation({ mutationFn: (id: number) => sendPasswordReset(id) });

  function confirm(person: UserSummary) {
    send.mutate(person.id, {
      onSuccess: ({ email }) => {
        // Said once, in the lasting line under the search (a toast would repeat it).
        setSentTo(t('passwordReset.messages.resetSent', { email }));
      },
      onError: (error) => {
        setSentTo(undefined);
        notify((error instanceof HttpError && message(error.message)) || t('passwordReset.failed'), 'error', { key: 'admin.password-reset' });
      },
      onSettled: () => setConfirming(undefined),
    });
  }

  const people = found.data ?? [];
  return (
    <section className="two-factor-reset password-reset-sender" aria-labelledby={headingId}>
      <h2 id={headingId} className="two-factor-reset__title">
        {t('passwordReset.title')}
      </h2>
      <p>{t('passwordReset.explain')}</p>
      <TextField className="password-reset-sender__search" label={t('passwordReset.search')} hint={t('passwordReset.searchHint')} type="search" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} />
      {sentTo && (
        <p role="status" className="form__result form__result--success">
          {sentTo}
        </p>
      )}
      {search.length >= SEARCH_MIN && (
        <ListStates isPending={found.isPending} isError={found.isError} isEmpty={people.length === 0} loadingText={t('passwordReset.searching')} emptyText={t('passwordReset.none')} errorText={t('passwordReset.failed')}>
          <ul className="password-reset-sender__list">
            {people.map((person) => (
              <li key={person.id} className="password-reset-sender__item">
                <span id={`reset-person-${person.id}`}>
                  <strong>{fullName(person)}</strong> ({person.username}), {t(`passwordReset.roles.${person.role}`)}
                </span>
                <button type="button" className="button button--secondary" aria-describedby={`reset-person-${person.id}`} onClick={() => setConfirming(person)}>
                  {t('passwordReset.send')}
                </button>
              </li>
            ))}
          </ul>
        </ListStates>
      )}
      <ConfirmDialog
        isOpen={confirming !== undefined}
        title={t('passwordReset.confirmTitle', { name: confirming ? `${fullName(confirming)} (${confirming.username})` : '' })}
        confirmLabel={t('passwordReset.confirm')}
        cancelLabel={t('passwordReset.cancel')}
        busyLabel={t('passwordReset.sending')}
        isBusy={send.isPending}
        onConfirm={() => confirming && confirm(confirming)}
        onCancel={() => setConfirming(undefined)}
      >
        <p>{t('passwordReset.confirmBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
