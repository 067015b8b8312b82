import type { CaseResolutionResponse, Role } from '@portal/contract';
import { useEffect } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { ErrorState } from '../../../../lib/ui/list-states';
import { useCaseAnswers } from '../../api/answers';
import { CASES_NS } from '../../i18n';
import { DecisionPanel } from './decision-panel';
import { SupplementsPanel } from './supplements-panel';

/** Issue 32 points 7 and 8 on a case's details: its decision's delivery and appeal, its requests to supplement. */
export function CaseAnswers({ item, role }: { item: CaseResolutionResponse; role: Role }) {
  const { t } = useTranslation(CASES_NS);
  const answers = useCaseAnswers(item.id);
  const { refetch } = answers;
  // A decision or an appeal arrives with a status change (live, or the clerk's own): the decision is read again.
  useEffect(() => {
    void refetch();
  }, [item.status, item.statusChangedAt, refetch]);
  if (answers.isPending) return null;
  if (answers.isError) return <ErrorState>{t('answers.failed')}</ErrorState>;
  const { decision, supplements } = answers.data;
  const decided = item.status === 'RESOLVED' || item.status === 'REJECTED';
  return (
    <>
      <SupplementsPanel item={item} supplements={supplements} role={role} />
      {decision && (decided || decision.appeal !== null) && <DecisionPanel item={item} decision={decision} role={role} />}
    </>
  );
}
