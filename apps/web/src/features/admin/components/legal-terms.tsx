import {
  CASE_TYPES,
  caseTermsRequest,
  caseTypeLabels,
  DEPARTMENTS,
  legalTermMessages,
  letterTermsRequest,
  TERM_MONTHS_MAX,
  TERM_MONTHS_MIN,
} from '@portal/contract';
import { type FormEvent, useId, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { BusyButton } from '../../../lib/ui/busy-button';
import { ErrorState, LoadingState } from '../../../lib/ui/list-states';
import { NumberField } from '../../../lib/ui/text-field';
import { saveCaseTerms, saveLetterTerms, useCaseTerms, useLetterTerms, useSaveTermsMutation } from '../api/terms';
import { ADMIN_NS } from '../i18n';
import './legal-terms.css';

type Errors = Record<string, string>;

/** The contract's issues (or the API's field messages) by dotted path: 'terms.0.months'. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const found: Errors = {};
  for (const issue of issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

/** The terms' own messages in the reader's language (this screen's texts); any other through the shared ones. */
function useTermsMessage() {
  const { t } = useTranslation(ADMIN_NS);
  const shared = useMessageText();
  return (text: string | undefined) => {
    const key = Object.entries(legalTermMessages).find(([, english]) => english === text)?.[0];
    return key ? t(`terms.errors.${key}`) : shared(text);
  };
}

/** A whole number typed in a field, or NaN (the contract's rule then names the problem). */
const monthsOf = (text: string | undefined) => (text === undefined || text.trim() === '' ? Number.NaN : Number(text));

/**
 * Issue 32 point 4: the terms within which the office answers, per department (letters) and per
 * case type (cases). Each form is checked with the contract's schema before it is sent, and the
 * server checks it again; a saved term applies to what arrives afterwards.
 */
export function LegalTerms() {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <section className="card legal-terms" aria-labelledby="legal-terms-title">
      <h2 id="legal-terms-title">{t('terms.title')}</h2>
      <p>{t('terms.intro')}</p>
      <LetterTermsForm />
      <CaseTermsForm />
    </section>
  );
}

function LetterTermsForm() {
  const { t } = useTranslation(ADMIN_NS);
  const terms = useLetterTerms();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const save = useSaveTermsMutation(saveLetterTerms);
  const [errors, setErrors] = useState<Errors>({});
  const titleId = useId();
  const message = useTermsMessage();
  if (terms.isPending) return <LoadingState />;
  if (!terms.data) return <ErrorState>{t('terms.loadFailed')}</ErrorState>;
  const stored = new Map<string, string>(terms.data.terms.map((entry) => [entry.department, String(entry.months)]));
  const valueOf = (department: string) => typed[department] ?? stored.get(department) ?? '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = letterTermsRequest.safeParse({ terms: DEPARTMENTS.map((department) => ({ department, months: monthsOf(valueOf(department)) })) });
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        setTyped({});
        notify(t('terms.saved'), 'success', { key: 'admin.terms' });
      },
      onError: (error) => (error instanceof HttpError && Object.keys(error.fields).length > 0 ? setErrors(error.fields) : notify(t('terms.failed'), 'error', { key: 'admin.terms' })),
    });
  }

  return (
    <form noValidate className="form legal-terms__form" aria-labelledby={titleId} onSubmit={onSubmit}>
      <h3 id={titleId}>{t('terms.lettersTitle')}</h3>
      <div className="legal-terms__grid">
        {DEPARTMENTS.map((department, index) => (
          <NumberField
            key={department}
            label={t('terms.departmentMonths', { department: t(`terms.departments.${department}`) })}
            step={1}
            min={TERM_MONTHS_MIN}
            max={TERM_MONTHS_MAX}
            inputMode="numeric"
            value={valueOf(department)}
            error={message(errors[`terms.${index}.months`])}
            onChange={(event) => setTyped({ ...typed, [department]: event.currentTarget.value })}
          />
        ))}
      </div>
      <BusyButton type="submit" className="button button--primary" busy={save.isPending}>
        {save.isPending ? t('terms.saving') : t('terms.saveLetters')}
      </BusyButton>
    </form>
  );
}

function CaseTermsForm() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const terms = useCaseTerms();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const save = useSaveTermsMutation(saveCaseTerms);
  const [errors, setErrors] = useState<Errors>({});
  const titleId = useId();
  const message = useTermsMessage();
  if (terms.isPending) return <LoadingState />;
  if (!terms.data) return <ErrorState>{t('terms.loadFailed')}</ErrorState>;
  const stored = new Map(terms.data.terms.flatMap((entry) => [[`${entry.caseType}.months`, String(entry.months)], [`${entry.caseType}.complicatedMonths`, String(entry.complicatedMonths)]]));
  const valueOf = (key: string) => typed[key] ?? stored.get(key) ?? '';
  const labels = caseTypeLabels[i18n.language === 'pl' ? 'pl' : 'en'];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = caseTermsRequest.safeParse({
      terms: CASE_TYPES.map((caseType) => ({
        caseType,
        months: monthsOf(valueOf(`${caseType}.months`)),
        complicatedMonths: monthsOf(valueOf(`${caseType}.complicatedMonths`)),
      })),
    });
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        setTyped({});
        notify(t('terms.saved'), 'success', { key: 'admin.terms' });
      },
      onError: (error) => (error instanceof HttpError && Object.keys(error.fields).length > 0 ? setErrors(error.fields) : notify(t('terms.failed'), 'error', { key: 'admin.terms' })),
    });
  }

  return (
    <form noValidate className="form legal-terms__form" aria-labelledby={titleId} onSubmit={onSubmit}>
      <h3 id={titleId}>{t('terms.casesTitle')}</h3>
      {CASE_TYPES.map((caseType, index) => (
        <fieldset key={caseType} className="legal-terms__group">
          <legend>{labels[caseType]}</legend>
          <div className="legal-terms__grid">
            {(['months', 'complicatedMonths'] as const).map((field) => (
              <NumberField
                key={field}
                label={t(`terms.${field}`)}
                step={1}
                min={TERM_MONTHS_MIN}
                max={TERM_MONTHS_MAX}
                inputMode="numeric"
                value={valueOf(`${caseType}.${field}`)}
                error={message(errors[`terms.${index}.${field}`])}
                onChange={(event) => setTyped({ ...typed, [`${caseType}.${field}`]: event.currentTarget.value })}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <BusyButton type="submit" className="button button--primary" busy={save.isPending}>
        {save.isPending ? t('terms.saving') : t('terms.saveCases')}
      </BusyButton>
    </form>
  );
}
