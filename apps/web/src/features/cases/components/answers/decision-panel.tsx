import { APPEAL_TEXT_MAX, type CaseResolutionResponse, type DecisionDeliveryResponse, type Role } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formatDate } from '../../../../lib/format';
import { useTranslation } from '../../../../lib/i18n';
import { timelineQueryKey } from '../../../../lib/timeline/query-key';
import { caseAnswersQueryKey, deliverDecision, useAppeal } from '../../api/answers';
import { CASES_NS } from '../../i18n';
import { TextWithPdfsForm } from './text-with-pdfs-form';

/** The last day to appeal has ended in the reader's clock (the server decides; this only hides the form). */
const appealClosed = (appealUntil: string | null) => appealUntil !== null && new Date().toISOString().slice(0, 10) > appealUntil;

/**
 * Issue 32 point 7: the decision and its delivery. When its owner's screen shows it, the screen
 * tells the server once (POST .../delivery): that first opening is the delivery, with its receipt;
 * staff opening the case never call it. A rejection offers the appeal within its 14 days (point 8b).
 */
export function DecisionPanel({ item, decision, role }: { item: CaseResolutionResponse; decision: DecisionDeliveryResponse; role: Role }) {
  const { t, i18n } = useTranslation(CASES_NS);
  const queryClient = useQueryClient();
  const appeal = useAppeal(item.id);
  const told = useRef<number | null>(null);
  const isOwner = role === 'USER';
  const date = (value: string) => formatDate(value, i18n.language, { long: true });

  useEffect(() => {
    if (!isOwner || decision.deliveredHow !== null || told.current === decision.id) return;
    told.current = decision.id;
    deliverDecision(item.id)
      .then((delivered) => {
        queryClient.setQueryData(caseAnswersQueryKey(item.id), (answers: { decision: DecisionDeliveryResponse | null } | undefined) => answers && { ...answers, decision: delivered });
        // The delivery is a step of the timeline, read alongside this call: read it again.
        return queryClient.invalidateQueries({ queryKey: timelineQueryKey('case', item.id) });
      })
      .catch((error: unknown) => console.error('The decision\u2019s delivery was not recorded', error));
  }, [isOwner, decision.id, decision.deliveredHow, item.id, queryClient]);

  const canAppeal = isOwner && decision.status === 'REJECTED' && item.status === 'REJECTED' && decision.appeal === null && !appealClosed(decision.appealUntil);

  return (
    <section className="case-details__section case-decision" aria-labelledby={`case-decision-${item.id}`}>
      <h3 id={`case-decision-${item.id}`}>{t('answers.decisionTitle')}</h3>
      <p>
        {decision.deliveredHow === 'opened' && decision.deliveryDate && t(isOwner ? 'answers.deliveredOpenedOwn' : 'answers.deliveredOpened', { date: date(decision.deliveryDate) })}
        {decision.deliveredHow === 'deemed' && decision.deliveryDate && t('answers.deliveredDeemed', { date: date(decision.deliveryDate) })}
        {decision.deliveredHow === null && t('answers.awaitingDelivery', { date: date(decision.deemedDeliveryDate) })}
      </p>
      {decision.onAppeal && <p>{t('answers.onAppeal')}</p>}
      {decision.appeal && <p>{t('answers.appealed', { date: formatDate(decision.appeal.appealedAt, i18n.language, { long: true }) })}</p>}
      {decision.appealUntil && decision.appeal === null && (
        <p>{appealClosed(decision.appealUntil) ? t('answers.appealEnded', { date: date(decision.appealUntil) }) : t(isOwner ? 'answers.appealUntil' : 'answers.appealUntilStaff', { date: date(decision.appealUntil) })}</p>
      )}
      {canAppeal && (
        <TextWithPdfsForm
          caseId={item.id}
          title={t('answers.appealTitle')}
          label={t('answers.appealText')}
          hint={t('answers.appealHint')}
          maxLength={APPEAL_TEXT_MAX}
          required={t('answers.errors.appealRequired')}
          submit={t('answers.sendAppeal')}
          submitting={t('answers.sendingAppeal')}
          sent={t('answers.appealSent')}
          send={(text, documents) => appeal.mutateAsync({ text, documents })}
          conflictText={(message) => (message.startsWith('The time to appeal') && decision.appealUntil ? t('answers.appealEnded', { date: date(decision.appealUntil) }) : undefined)}
        />
      )}
    </section>
  );
}
