import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { usePasswordMessage } from '../use-password-message';
import { TextField } from '../../../lib/ui/text-field';
import { PASSWORDS_NS } from '../i18n';

type NewPassword = { newPassword: string; confirmPassword: string };

/** The new password twice, with the spec's rules said under the first (change and reset forms alike). */
export function NewPasswordFields<T extends NewPassword>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: { newPassword?: { message?: string }; confirmPassword?: { message?: string } };
}) {
  const { t } = useTranslation(PASSWORDS_NS);
  const message = usePasswordMessage();
  // Both forms hold these two fields; react-hook-form's generic register cannot see that through T.
  const fields = register as unknown as UseFormRegister<NewPassword>;
  return (
    <>
      <TextField
        label={t('change.next')}
        type="password"
        autoComplete="new-password"
        hint={t('change.rules')}
        error={message(errors.newPassword?.message)}
        {...fields('newPassword')}
      />
      <TextField label={t('change.again')} type="password" autoComplete="new-password" error={message(errors.confirmPassword?.message)} {...fields('confirmPassword')} />
    </>
  );
}
