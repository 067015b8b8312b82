import { sessionsEndedResponse, sessionsPaths, userListResponse, fullName } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { http, HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notifications';
import { SelectField } from '../../../lib/ui/select-field';
import { ACCOUNT_NS } from '../i18n';

/** An admin ends every session of an employee at once (issue 21; audited by the API). */
export function EndStaffSessions({ adminId }: { adminId: number }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const [chosen, setChosen] = useState('');
  const employees = useQuery({ queryKey: ['users', 'employees'], queryFn: () => http.get('/api/users/employees', userListResponse) });
  const staff = (employees.data ?? []).filter((user) => user.id !== adminId);
  const end = useMutation({
    mutationFn: (id: number) => http.post(sessionsPaths.endAllOf(id), undefined, sessionsEndedResponse),
    onSuccess: ({ ended }, id) => {
      const person = staff.find((user) => user.id === id);
      notify(t('staffSessionsEnded', { count: ended, name: person ? fullName(person) : id }));
    },
    onError: (error) => notify(error instanceof HttpError ? error.message : t('stayFailed'), 'error'),
  });

  return (
    <section className="card account-section" aria-labelledby="end-staff-title">
      <h2 id="end-staff-title">{t('endStaffSessionsTitle')}</h2>
      <p>{t('endStaffSessionsIntro')}</p>
      <form
        className="account-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) end.mutate(Number(chosen));
        }}
      >
        <SelectField
          label={t('staffMember')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          placeholder="—"
          options={staff.map((user) => ({ value: String(user.id), label: `${fullName(user)} (${user.username})` }))}
        />
        <button type="submit" className="button button--secondary" disabled={end.isPending || !chosen}>
          {t('endStaffSessions')}
        </button>
      </form>
    </section>
  );
}
