import { useTranslation } from '../../../../lib/i18n';
import { turnTwoFactorOff } from '../api/calls';
import { TWO_FACTOR_NS } from '../i18n';
import { PasswordDialog } from './password-dialog';

type TurnOffDialogProps = { isOpen: boolean; onCancel: () => void; onDone: () => void };

/** "Turn two-factor sign-in off?" with the password again (a wrong one stays in the dialog, under the field). */
export function TurnOffDialog({ isOpen, onCancel, onDone }: TurnOffDialogProps) {
  const { t } = useTranslation(TWO_FACTOR_NS);
  return (
    <PasswordDialog
      isOpen={isOpen}
      title={t('off.title')}
      confirmLabel={t('off.confirm')}
      onCancel={onCancel}
      onConfirm={async (password) => {
        await turnTwoFactorOff(password);
        onDone();
      }}
    >
      <p>{t('off.body')}</p>
    </PasswordDialog>
  );
}
