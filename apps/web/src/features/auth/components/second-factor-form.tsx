import { zodResolver } from '@hookform/resolvers/zod';
import { secondFactorLoginRequest, twoFactorMessages, type LoginChallengeResponse } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../lib/ui/text-field';
import { logInWithCode } from '../api/calls';
import { signInWithPasskey } from '../api/passkey';
import { AUTH_NS } from '../i18n';

const codeForm = z.pick(secondFactorLoginRequest, { code: true });
type CodeForm = z.output<typeof codeForm>;

type SecondFactorFormProps = {
  challenge: LoginChallengeResponse['secondFactor'];
  onToken: (token: string) => void;
  /** Back to the password (the challenge expired, or the person wants to start over). */
  onRestart: () => void;
};

/**
 * The second step of a sign-in (issue 21): a code from the authenticator app or a recovery code,
 * or the account's passkey. A wrong code says so under the field; too many lock like passwords.
 */
export function SecondFactorForm({ challenge, onToken, onRestart }: SecondFactorFormProps) {
  const { t } = useTranslation(AUTH_NS);
  const message = useMessageText();
  const [problem, setProblem] = useState<string>();
  const [expired, setExpired] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof codeForm>, unknown, CodeForm>({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const hasCode = challenge.methods.includes('totp') || challenge.methods.includes('recovery');
  // The step replaces the form the keyboard was in: the code field takes the focus.
  useEffect(() => {
    if (hasCode) setFocus('code');
  }, [hasCode, setFocus]);

  function explain(error: unknown) {
    // An expired challenge, or one that took its wrong codes (issue 34): only a new sign-in helps.
    if (error instanceof HttpError && (error.message === twoFactorMessages.challengeExpired || error.message === twoFactorMessages.challengeSpent)) setExpired(true);
    if (error instanceof HttpError && error.status === 401 && error.message === twoFactorMessages.codeWrong) {
      setError('code', { message: error.message }, { shouldFocus: true });
      return;
    }
    setProblem(error instanceof HttpError ? error.message : twoFactorMessages.passkeyRefused);
  }

  async function submit({ code }: CodeForm) {
    setProblem(undefined);
    try {
      onToken((await logInWithCode({ challenge: challenge.challenge, code })).tokenJWT);
    } catch (error) {
      explain(error);
    }
  }

  async function signInByPasskey() {
    setProblem(undefined);
    setPasskeyBusy(true);
    try {
      onToken(await signInWithPasskey(challenge.challenge));
    } catch (error) {
      console.error('[login] passkey second step failed', error);
      explain(error);
    } finally {
      setPasskeyBusy(false);
    }
  }

  return (
    <div className="form second-factor">
      <h2 className="form__title">{t('secondFactor.title')}</h2>
      {hasCode && (
        <form noValidate onSubmit={handleSubmit(submit)} aria-busy={isSubmitting} className="form">
          <TextField
            label={t('secondFactor.code')}
            hint={t('secondFactor.codeHint')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            error={message(errors.code?.message)}
            {...register('code')}
          />
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? t('submit.busy') : t('secondFactor.submit')}
          </button>
        </form>
      )}
      {challenge.methods.includes('passkey') && (
        <button type="button" className="button button--secondary" onClick={() => void signInByPasskey()} disabled={passkeyBusy}>
          {passkeyBusy ? t('submit.busy') : t('secondFactor.passkey')}
        </button>
      )}
      {problem && (
        <p role="alert" className="form__error">
          {message(problem)}
        </p>
      )}
      <button type="button" className="button button--link" onClick={onRestart}>
        {expired ? t('secondFactor.again') : t('secondFactor.startOver')}
      </button>
    </div>
  );
}
