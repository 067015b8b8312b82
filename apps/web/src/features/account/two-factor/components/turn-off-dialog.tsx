import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorOffRequest, type TwoFactorOffRequest } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { HttpError } from '../../../../lib/http';
import { useMessageText, useTranslation } from '../../../../lib/i18n';
import { placeServerFieldErrors } from '../../../../lib/ui/form-errors';
import { Modal } from '../../../../lib/ui/modal';
import { TextField } from '../../../../lib/ui/text-field';
import { turnTwoFactorOff } from '../api/calls';
import { TWO_FACTOR_NS } from '../i18n';

type TurnOffDialogProps = { isOpen: boolean; onCancel: () => void; onDone: () => void };

const FORM_ID = 'two-factor-off';

/**
 * "Turn two-factor sign-in off?" asks for the password again: a session left open on a shared
 * computer must not be enough to take the second factor away. A wrong password stays in the
 * dialog, under the field; each opening starts with an empty field.
 */
export function TurnOffDialog(props: TurnOffDialogProps) {
  return props.isOpen ? <OpenTurnOffDialog {...props} /> : null;
}

function OpenTurnOffDialog({ onCancel, onDone }: TurnOffDialogProps) {
  const { t } = useTranslation(TWO_FACTOR_NS);
  const message = useMessageText();
  const [problem, setProblem] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof twoFactorOffRequest>, unknown, TwoFactorOffRequest>({ resolver: zodResolver(twoFactorOffRequest), defaultValues: { password: '' } });

  async function submit({ password }: TwoFactorOffRequest) {
    setProblem(undefined);
    try {
      await turnTwoFactorOff(password);
      onDone();
    } catch (error) {
      if (!placeServerFieldErrors(error, ['password'], setError, { shouldFocus: true })) setProblem(error instanceof HttpError ? message(error.message) : t('loadError'));
    }
  }

  return (
    <Modal
      isOpen
      title={t('off.title')}
      onClose={onCancel}
      actions={
        <>
          <button type="submit" form={FORM_ID} className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {t('off.confirm')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('recovery.cancel')}
          </button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={handleSubmit(submit)} aria-busy={isSubmitting} className="form">
        <p>{t('off.body')}</p>
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
