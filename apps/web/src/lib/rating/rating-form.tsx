import { type LetterRatingRequest, letterRatingRequest, RATING_COMMENT_MAX } from '@portal/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { HttpError } from '../http';
import { useMessageText, useTranslation } from '../i18n';
import { BusyButton } from '../ui/busy-button';
import { TextAreaField } from '../ui/text-area-field';
import { RATING_NS } from './i18n';
import './rating-form.css';

export interface RatingFormProps {
  /** Sends the rating; a 409 (already rated) or 410 (expired) is the caller's to tell. */
  send: (rating: LetterRatingRequest) => Promise<unknown>;
  /** Told of a refusal that is not about a field (409, 410, 404): its message. */
  onRefused: (error: HttpError) => void;
  onRated: () => void;
  headingLevel?: 2 | 3;
}

type Errors = Partial<Record<'helpful' | 'comment', string>>;

/** Helpful or not, and an optional comment: the form of the portal and of the email link's page. */
export function RatingForm({ send, onRefused, onRated, headingLevel = 3 }: RatingFormProps) {
  const { t } = useTranslation(RATING_NS);
  const message = useMessageText();
  const titleId = useId();
  const questionId = useId();
  const errorId = useId();
  const [helpful, setHelpful] = useState<boolean>();
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const firstChoice = useRef<HTMLInputElement>(null);
  const commentField = useRef<HTMLTextAreaElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const check = (rating: { helpful?: boolean; comment?: string }): Errors => {
    const result = letterRatingRequest.safeParse(rating);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message])) as Errors;
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const rating = { helpful, comment: comment.trim() === '' ? undefined : comment };
    const problems = check(rating);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      (problems.helpful ? firstChoice.current : commentField.current)?.focus();
      return;
    }
    setBusy(true);
    try {
      await send(rating as LetterRatingRequest);
      onRated();
    } catch (failure) {
      if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) setErrors(failure.fields as Errors);
      else if (failure instanceof HttpError) onRefused(failure);
      else throw failure;
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="rating-form" noValidate aria-labelledby={titleId} onSubmit={(event) => void onSubmit(event)}>
      <Heading id={titleId}>{t('title')}</Heading>
      <fieldset className="rating-form__choice" aria-describedby={errors.helpful ? errorId : undefined} aria-invalid={errors.helpful ? true : undefined}>
        <legend id={questionId}>{t('question')}</legend>
        <label className="rating-form__option">
          <input ref={firstChoice} type="radio" name="helpful" checked={helpful === true} onChange={() => setHelpful(true)} disabled={busy} />
          {t('helpful')}
        </label>
        <label className="rating-form__option">
          <input type="radio" name="helpful" checked={helpful === false} onChange={() => setHelpful(false)} disabled={busy} />
          {t('notHelpful')}
        </label>
        {errors.helpful ? (
          <p id={errorId} className="field__error">
            {message(errors.helpful)}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        ref={commentField}
        label={t('comment')}
        hint={t('commentHint', { max: RATING_COMMENT_MAX })}
        rows={3}
        maxLength={RATING_COMMENT_MAX}
        value={comment}
        disabled={busy}
        error={message(errors.comment)}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <BusyButton type="submit" className="button button--primary" busy={busy}>
        {busy ? t('sending') : t('send')}
      </BusyButton>
    </form>
  );
}
