import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame, useFieldControl, type FieldProps } from './field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;
export type TextFieldProps = InputProps & FieldProps & { ref?: Ref<HTMLInputElement> };

/**
 * A labelled input (text, email, password, tel... any `type`) whose message sits under it and is
 * tied to it. Spread react-hook-form's `register(name)` into it.
 */
export function TextField({ label, error, hint, invalid, describedBy, className, ref, ...input }: TextFieldProps) {
  const field = useFieldControl({ error, hint, invalid, describedBy });
  return (
    <FieldFrame field={field} label={label} hint={hint} error={error} invalid={invalid} className={className}>
      <input ref={ref} className="field__input" {...input} {...field.controlProps} />
    </FieldFrame>
  );
}

/** A date picker (value `YYYY-MM-DD`); `max`/`min` limit the calendar, the schema still decides. */
export function DateField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="date" {...props} />;
}

/** A number input; `step` defaults to any, so amounts like 12.50 are accepted by the browser. */
export function NumberField({ step = 'any', inputMode = 'decimal', ...props }: Omit<TextFieldProps, 'type'>) {
  return <TextField type="number" step={step} inputMode={inputMode} {...props} />;
}
