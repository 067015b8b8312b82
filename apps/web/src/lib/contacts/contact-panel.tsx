import { contactPanelResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatAmount, formatDate } from '../format';
import { http } from '../http';
import { useTranslation } from '../i18n';
import { ErrorState, LoadingState } from '../ui/list-states';
import { CONTACT_PANEL_NS } from './i18n';
import './contact-panel.css';

export const contactPanelQueryKey = (userId: number) => ['contact-panel', userId] as const;

/**
 * The contact panel beside a conversation and a case (issue 33): the citizen's name and username
 * (the staff projection: no email, phone or birth date) and their other letters and cases and
 * their unpaid obligations, by reference. Staff only; the API refuses anyone else.
 */
export function ContactPanel({ userId, current }: { userId: number; current: { conversationId: number } | { caseId: number } }) {
  const { t, i18n } = useTranslation(CONTACT_PANEL_NS);
  const titleId = useId();
  const panel = useQuery({ queryKey: contactPanelQueryKey(userId), queryFn: () => http.get(`/api/contacts/${userId}`, contactPanelResponse) });
  const language = i18n.language;
  // The person's other matters: the one beside which the panel stands is on the screen already.
  const letters = (panel.data?.letters ?? []).filter((letter) => !('conversationId' in current) || letter.conversationId !== current.conversationId);
  const cases = (panel.data?.cases ?? []).filter((item) => !('caseId' in current) || item.id !== current.caseId);

  return (
    <section className="contact-panel" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('title')}</h3>
      {panel.isPending ? (
        <LoadingState />
      ) : panel.isError ? (
        <ErrorState>{t('loadFailed')}</ErrorState>
      ) : (
        <>
          <p className="contact-panel__name">{t('name', panel.data.person)}</p>
          <p className="contact-panel__username">{t('username', panel.data.person)}</p>
          <h4>{t('letters')}</h4>
          {letters.length === 0 ? (
            <p className="empty-state">{t('noLetters')}</p>
          ) : (
            <ul aria-label={t('letters')}>
              {letters.map((letter) => (
                <li key={letter.conversationId}>
                  <Link to={`/employee?conversation=${letter.conversationId}`}>{`${letter.reference}: ${letter.subject}`}</Link>
                  {` · ${t(`conversationStatus.${letter.status}`)}`}
                </li>
              ))}
            </ul>
          )}
          <h4>{t('cases')}</h4>
          {cases.length === 0 ? (
            <p className="empty-state">{t('noCases')}</p>
          ) : (
            <ul aria-label={t('cases')}>
              {cases.map((item) => (
                <li key={item.id}>
                  <Link to={`/createCase?case=${item.id}`}>
                    {`${item.reference}: ${t(`caseTypes.${item.caseType}`)}${item.vehicleNumberPlate ? ` - ${item.vehicleNumberPlate}` : ''}`}
                  </Link>
                  {` · ${t(`caseStatus.${item.status}`)}`}
                </li>
              ))}
            </ul>
          )}
          <h4>{t('obligations')}</h4>
          {panel.data.obligations.length === 0 ? (
            <p className="empty-state">{t('noObligations')}</p>
          ) : (
            <ul aria-label={t('obligations')}>
              {panel.data.obligations.map((owed) => (
                <li key={owed.id}>
                  {[
                    owed.description,
                    t('amount', { amount: formatAmount(owed.amount, language) }),
                    t('due', { date: formatDate(owed.dueDate, language) }),
                    t(`paymentStatus.${owed.paymentStatus}`),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
