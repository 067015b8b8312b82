import { zodResolver } from '@hookform/resolvers/zod';
import {
  CASE_COMMENTS_MAX,
  CASE_TYPES,
  caseMessages,
  caseResolutionDTO,
  type CaseResolutionResponse,
  type CaseType,
  DEFAULT_CASE_TYPE,
  DEFAULT_VEHICLE_TYPE,
  VEHICLE_TEXT_MAX,
  VEHICLE_TYPES,
  VIN_LENGTH,
  vehicleRegistrationDTO,
  type VehicleType,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { dismissKey, NotificationSlot, notify } from '../../../lib/notifications';
import { quotaReason } from '../../../lib/quota-reason';
import { ErrorSummary } from '../../../lib/ui/error-summary';
import { SelectField } from '../../../lib/ui/select-field';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { DateField, NumberField, TextField } from '../../../lib/ui/text-field';
import { caseListsQueryKey } from '../api/query-keys';
import { CASES_NS } from '../i18n';
import { type ChosenFile, submitCase } from '../submission';
import { CASE_FORM } from './case-form-notifications';
import { type FileProgress, PdfDropZone } from './pdf-drop-zone';
import { BusyButton } from '../../../lib/ui/busy-button';

/** What the inputs hold; the year is a number input read as a number (NaN when empty). */
type CaseFormInput = {
  caseType: CaseType;
  comments: string;
  vehicle: {
    vehicleNumberPlate: string;
    vehicleMake: string;
    vehicleModel: string;
    vehicleYear: number;
    registrationDate: string;
    vehicleColor: string;
    vehicleVin: string;
    vehicleType: VehicleType;
  };
};

// One rule source: the contract. Vehicle rules apply only to a vehicle registration.
const commonFields = { caseType: z.enum(CASE_TYPES), comments: caseResolutionDTO.shape.comments };
const vehicleCaseForm = z.object({ ...commonFields, vehicle: vehicleRegistrationDTO });
const otherCaseForm = z.object({ ...commonFields, vehicle: z.pipe(z.unknown(), z.transform(() => undefined)) });
type CaseFormValues = z.output<typeof vehicleCaseForm> | z.output<typeof otherCaseForm>;

const caseFormResolver: Resolver<CaseFormInput, unknown, CaseFormValues> = (values, context, options) =>
  values.caseType === 'VEHICLE_REGISTRATION'
    ? zodResolver<CaseFormInput, unknown, CaseFormValues>(vehicleCaseForm as unknown as z.ZodMiniType<CaseFormValues, CaseFormInput>)(values, context, options)
    : zodResolver<CaseFormInput, unknown, CaseFormValues>(otherCaseForm as unknown as z.ZodMiniType<CaseFormValues, CaseFormInput>)(values, context, options);

const emptyForm: CaseFormInput = {
  caseType: DEFAULT_CASE_TYPE,
  comments: '',
  vehicle: {
    vehicleNumberPlate: '',
    vehicleMake: '',
    vehicleModel: '',
    vehicleYear: Number.NaN,
    registrationDate: '',
    vehicleColor: '',
    vehicleVin: '',
    vehicleType: DEFAULT_VEHICLE_TYPE,
  },
};

type CaseFormProps = {
  userId: number;
  /** After the case and its files went out: the page shows the new case. */
  onCreated: (created: CaseResolutionResponse) => void;
};

/**
 * Spec sections 2, 4, 5 and 8: case type, vehicle fields for a vehicle registration (checked on
 * each change and on submit, 'Please fix the errors in the form.'), comments, the PDF files. The
 * case is created first, then each file is uploaded with its progress bar; a failed upload is
 * silent and the others go on.
 */
export function CaseForm({ userId, onCreated }: CaseFormProps) {
  const { t } = useTranslation(CASES_NS);
  const message = useMessageText();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<readonly ChosenFile[]>([]);
  const [progress, setProgress] = useState<FileProgress>();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, submitCount },
  } = useForm<CaseFormInput, unknown, CaseFormValues>({
    resolver: caseFormResolver,
    defaultValues: emptyForm,
    mode: 'onChange',
    shouldFocusError: false,
  });
  const caseType = useWatch({ control, name: 'caseType' });
  const isVehicle = caseType === 'VEHICLE_REGISTRATION';
  const isSubmitting = progress !== undefined;
  const vehicleError = (field: keyof CaseFormInput['vehicle']) => message(errors.vehicle?.[field]?.message);
  const plateField = register('vehicle.vehicleNumberPlate');

  async function onValid(values: CaseFormValues) {
    const chosen = files;
    setProgress(new Map(chosen.map(({ key }) => [key, { fraction: 0, done: false }])));
    const update = (key: string, change: { fraction?: number; done?: boolean }) =>
      setProgress((current) => {
        const next = new Map(current);
        const before = next.get(key) ?? { fraction: 0, done: false };
        next.set(key, { ...before, ...change });
        return next;
      });
    try {
      const created = await submitCase(
        {
          caseResolutionDTO: { caseType: values.caseType, userId, comments: values.comments },
          vehicleRegistrationDTO: values.caseType === 'VEHICLE_REGISTRATION' ? values.vehicle : null,
        },
        chosen,
        { onProgress: (key, fraction) => update(key, { fraction }), onFileDone: (key) => update(key, { fraction: 1, done: true }) },
      );
      notify(message(caseMessages.created) ?? caseMessages.created, 'success', { key: 'cases.create', form: CASE_FORM });
      reset(emptyForm);
      setFiles([]);
      void queryClient.invalidateQueries({ queryKey: caseListsQueryKey });
      onCreated(created);
    } catch (error) {
      console.error('Case resolution not created', error);
      // The spec's text, then why when a quota refused it (too many open cases).
      const reason = message(quotaReason(error));
      const text = message(caseMessages.createError) ?? caseMessages.createError;
      notify(reason ? `${text} ${reason}` : text, 'error', { key: 'cases.create', form: CASE_FORM });
    } finally {
      setProgress(undefined);
    }
  }

  // 'Please fix the errors in the form.' holds until the last error is fixed, then it goes.
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (!hasErrors) dismissKey('cases.fixErrors');
  }, [hasErrors]);

  function onInvalid() {
    dismissKey('cases.create');
    notify(message(caseMessages.fixErrors) ?? caseMessages.fixErrors, 'error', { key: 'cases.fixErrors', form: CASE_FORM });
  }

  return (
    <form noValidate className="form case-form" aria-labelledby={titleId} aria-busy={isSubmitting} onSubmit={handleSubmit(onValid, onInvalid)}>
      <h2 id={titleId} className="form__title">
        {t('form.title')}
      </h2>
      <p className="form__intro">{t('form.intro')}</p>
      <ErrorSummary errors={errors} submitCount={submitCount} />
      {/* Beside the summary that takes focus after a submit: the spec's alerts are read where the person is. */}
      <NotificationSlot keys={[CASE_FORM]} />
      <SelectField
        label={t('form.caseType')}
        options={CASE_TYPES.map((type) => ({ value: type, label: t(`caseTypes.${type}`) }))}
        disabled={isSubmitting}
        {...register('caseType')}
      />

      {isVehicle && (
        <fieldset className="case-form__vehicle" disabled={isSubmitting}>
          <legend className="case-form__legend">{t('form.vehicle')}</legend>
          <div className="form__grid">
            <TextField
              label={t('form.plate')}
              hint={t('form.plateHint')}
              autoComplete="off"
              autoCapitalize="characters"
              error={vehicleError('vehicleNumberPlate')}
              {...plateField}
              onChange={(event) => {
                // Plates are capitals: "kr 12345" becomes "KR 12345" before the spec's rule checks it.
                const input = event.currentTarget;
                const { selectionStart, selectionEnd } = input;
                input.value = input.value.toLocaleUpperCase('pl');
                input.setSelectionRange(selectionStart, selectionEnd);
                return plateField.onChange(event);
              }}
            />
            <TextField label={t('form.vin')} hint={t('form.vinHint')} maxLength={VIN_LENGTH + 10} autoComplete="off" error={vehicleError('vehicleVin')} {...register('vehicle.vehicleVin')} />
            <TextField label={t('form.make')} maxLength={VEHICLE_TEXT_MAX} error={vehicleError('vehicleMake')} {...register('vehicle.vehicleMake')} />
            <TextField label={t('form.model')} maxLength={VEHICLE_TEXT_MAX} error={vehicleError('vehicleModel')} {...register('vehicle.vehicleModel')} />
            <NumberField label={t('form.year')} step={1} inputMode="numeric" error={vehicleError('vehicleYear')} {...register('vehicle.vehicleYear', { valueAsNumber: true })} />
            <DateField label={t('form.registrationDate')} error={vehicleError('registrationDate')} {...register('vehicle.registrationDate')} />
            <TextField label={t('form.color')} maxLength={VEHICLE_TEXT_MAX} error={vehicleError('vehicleColor')} {...register('vehicle.vehicleColor')} />
            <SelectField
              label={t('form.vehicleType')}
              options={VEHICLE_TYPES.map((type) => ({ value: type, label: t(`vehicleTypes.${type}`) }))}
              {...register('vehicle.vehicleType')}
            />
          </div>
        </fieldset>
      )}

      <TextAreaField
        label={t('form.comments')}
        hint={t('form.commentsHint')}
        rows={4}
        maxLength={CASE_COMMENTS_MAX}
        disabled={isSubmitting}
        error={message(errors.comments?.message)}
        {...register('comments')}
      />

      <fieldset className="case-form__documents">
        <legend className="case-form__legend">{t('form.documents')}</legend>
        <PdfDropZone
          files={files}
          progress={progress}
          onAdd={(added) => setFiles((current) => [...current, ...added])}
          onRemove={(key) => setFiles((current) => current.filter((file) => file.key !== key))}
        />
      </fieldset>

      <BusyButton type="submit" className="button button--primary" busy={isSubmitting}>
        {isSubmitting ? t('form.submitting') : t('form.submit')}
      </BusyButton>
    </form>
  );
}
