import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { TWO_FACTOR_PATH } from '../../../lib/service-links';
import { twoFactorStatus } from '../api/calls';
import { AUTH_NS } from '../i18n';

/**
 * On the welcome view after sign-in (issue 21): staff without a second factor are reminded to set
 * one up (STAFF_2FA=optional) or told it is required (STAFF_2FA=required, issue 35), citizens are
 * offered it, and anyone who has it can manage it.
 */
export function TwoFactorReminder({ isStaff }: { isStaff: boolean }) {
  const { t } = useTranslation(AUTH_NS);
  const status = useQuery({ queryKey: ['two-factor', 'status'], queryFn: twoFactorStatus });
  if (!status.data) return null;
  const isOn = status.data.totp || status.data.passkeys.length > 0;
  return (
    <div className={isOn ? 'two-factor-reminder' : 'two-factor-reminder two-factor-reminder--off'}>
      <p>{isOn ? t('reminder.on') : !isStaff ? t('reminder.citizen') : status.data.required ? t('reminder.staffRequired') : t('reminder.staff')}</p>
      <Link to={TWO_FACTOR_PATH} className="welcome__service-link">
        {isOn ? t('reminder.manage') : t('reminder.setUp')}
      </Link>
    </div>
  );
}
