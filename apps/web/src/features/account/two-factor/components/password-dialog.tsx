import { zodResolver } from '@hookform/resolvers/zod';
import { passwordAgainRequest, type PasswordAgainRequest } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { HttpError } from '../../../../lib/http';
import { useMessageText, useTranslation } from '../../../../lib/i18n';
import { placeServerFieldErrors } from '../../../../lib/ui/form-errors';
import { Modal } from '../../../../lib/ui/modal';
import { TextField } from '../../../../lib/ui/text-field';
import { TWO_FACTOR_NS } from '../i18n';

export type PasswordDialogProps = {
  isOpen: boolean;
  title: string;
  confirmLabel: string;
  children: ReactNode;
  /** Sends the password with the change; a wrong one (the server's field error) stays in the dialog, under the field. */
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
};

const FORM_ID = 'two-factor-password';

/**
 * Asks for the password again before a second factor is added, renewed or removed: a session left
 * open on a shared computer (or a stolen one) must not be enough to change how the account signs
 * in. Each opening starts with an empty field.
 */
export function PasswordDialog(props: PasswordDialogProps) {
  return props.isOpen ? <OpenPasswordDialog {...props} /> : null;
}

function OpenPasswordDialog({ title, confirmLabel, children, onConfirm, onCancel }: PasswordDialogProps) {
  const { t } = useTranslation(TWO_FACTOR_NS);
  const message = useMessageText();
  const [problem, setProblem] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof passwordAgainRequest>, unknown, PasswordAgainRequest>({ resolver: zodResolver(passwordAgainRequest), defaultValues: { password: '' } });

  async function submit({ password }: PasswordAgainRequest) {
    setProblem(undefined);
    try {
      await onConfirm(password);
    } catch (error) {
      if (!placeServerFieldErrors(error, ['password'], setError, { shouldFocus: true })) setProblem(error instanceof HttpError ? message(error.message) : t('loadError'));
    }
  }

  return (
    <Modal
      isOpen
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="submit" form={FORM_ID} className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {confirmLabel}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('recovery.cancel')}
          </button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={handleSubmit(submit)} aria-busy={isSubmitting} className="form">
        {children}
        <TextField
          label={t('off.password')}
          type="password"
          autoComplete="current-password"
          data-autofocus
          error={message(errors.password?.message)}
          {...register('password')}
        />
        {problem && (
          <p role="alert" className="two-factor__problem">
            {problem}
          </p>
        )}
      </form>
    </Modal>
  );
}
