import type { CaseStatus } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n';
import { CASES_NS } from '../i18n';

/** A case's status in words, with a colour that is never the only cue. */
export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  const { t } = useTranslation(CASES_NS);
  return <span className={`status-badge case-status case-status--${status.toLowerCase().replace('_', '-')}`}>{t(`status.${status}`)}</span>;
}
