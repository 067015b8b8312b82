import { useTranslation } from '../../../lib/i18n';
import { useAuditVerify } from '../api/queries';
import { ADMIN_NS } from '../i18n';

/** GET /api/audit/verify, shown as a sentence: the chain is intact, or broken at row N. */
export function AuditVerdict() {
  const { t } = useTranslation(ADMIN_NS);
  const verify = useAuditVerify();
  const verdict = verify.data;

  let text: string;
  let tone: 'pending' | 'ok' | 'broken' | 'error';
  if (verify.isFetching && !verdict) {
    [text, tone] = [t('audit.verifying'), 'pending'];
  } else if (verify.isError || !verdict) {
    [text, tone] = [t('audit.verifyFailed'), 'error'];
  } else if (verdict.intact) {
    [text, tone] = [verdict.checked === 0 ? t('audit.intactEmpty') : t('audit.intact', { count: verdict.checked }), 'ok'];
  } else if (verdict.reason === 'checkpoint-missing') {
    [text, tone] = [t('audit.checkpointMissing'), 'broken'];
  } else if (verdict.reason === 'checkpoint' && verdict.brokenAt === 0) {
    [text, tone] = [t('audit.checkpointUnreadable'), 'broken'];
  } else {
    const what =
      verdict.reason === 'truncated'
        ? t('audit.truncated', { id: verdict.brokenAt })
        : verdict.reason === 'outside'
          ? t('audit.outside', { id: verdict.brokenAt })
          : t('audit.broken', { id: verdict.brokenAt });
    [text, tone] = [`${what} ${t('audit.checkedBefore', { count: verdict.checked })}`, 'broken'];
  }

  return (
    <div className={`audit-verdict audit-verdict--${tone}`}>
      <p role={tone === 'broken' || tone === 'error' ? 'alert' : 'status'} className="audit-verdict__text">
        {text}
      </p>
      <button type="button" className="button button--secondary" onClick={() => void verify.refetch()} disabled={verify.isFetching} aria-busy={verify.isFetching || undefined}>
        {verify.isFetching ? t('audit.verifying') : t('audit.verify')}
      </button>
    </div>
  );
}
