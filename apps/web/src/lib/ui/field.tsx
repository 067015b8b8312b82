import { useId, type ReactNode } from 'react';

/** What every form field takes besides its control's own attributes. */
export type FieldProps = {
  label: string;
  /** Shown under the control and tied to it; already in the reader's language (see useMessageText). */
  error?: string;
  /** Shown between the label and the control and tied to it. */
  hint?: string;
  /**
   * Marks the control invalid without a message of its own, for a message several fields share
   * (the letter form's one message); pass that message's id in `describedBy`.
   */
  invalid?: boolean;
  /** Ids of further texts that describe the control (a shared form message). */
  describedBy?: string;
  /** Extra classes on the field's wrapper. */
  className?: string;
};

/** The control's id and its aria attributes, so a label, a hint and an error all reach assistive technology. */
export function useFieldControl({ error, hint, invalid, describedBy }: Pick<FieldProps, 'error' | 'hint' | 'invalid' | 'describedBy'>) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [hintId, describedBy, errorId].filter(Boolean).join(' ');
  return {
    id,
    hintId,
    errorId,
    controlProps: {
      id,
      'aria-invalid': error || invalid ? true : undefined,
      'aria-describedby': described === '' ? undefined : described,
    },
  } as const;
}

type FieldFrameProps = Pick<FieldProps, 'label' | 'error' | 'hint' | 'invalid' | 'className'> & {
  field: ReturnType<typeof useFieldControl>;
  children: ReactNode;
};

/** Label, hint, the control, then its error message: the one layout of every field. */
export function FieldFrame({ field, label, hint, error, invalid, className, children }: FieldFrameProps) {
  return (
    <div className={['field', error || invalid ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={field.id} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={field.hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={field.errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
