import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldControl, type FieldProps } from './field';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'> &
  FieldProps & {
    options: readonly SelectOption[];
    /** A first option with the empty value ("Choose a department"), for a choice that starts unmade. */
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  };

/** A labelled select whose message sits under it and is tied to it. */
export function SelectField({ label, error, hint, invalid, describedBy, className, options, placeholder, ref, ...select }: SelectFieldProps) {
  const field = useFieldControl({ error, hint, invalid, describedBy });
  return (
    <FieldFrame field={field} label={label} hint={hint} error={error} invalid={invalid} className={className}>
      <select ref={ref} className="field__input field__input--select" {...select} {...field.controlProps}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
