import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldControl, type FieldProps } from './field';

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> &
  FieldProps & {
    /** Extra classes on the textarea itself (the wrapper takes `className`). */
    inputClassName?: string;
    ref?: Ref<HTMLTextAreaElement>;
  };

/** A labelled multi-line text whose message sits under it and is tied to it. */
export function TextAreaField({ label, error, hint, invalid, describedBy, className, inputClassName, ref, ...textarea }: TextAreaFieldProps) {
  const field = useFieldControl({ error, hint, invalid, describedBy });
  return (
    <FieldFrame field={field} label={label} hint={hint} error={error} invalid={invalid} className={className}>
      <textarea
        ref={ref}
        className={['field__input', 'field__input--textarea', inputClassName ?? ''].filter(Boolean).join(' ')}
        {...textarea}
        {...field.controlProps}
      />
    </FieldFrame>
  );
}
