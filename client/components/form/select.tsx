import type { SelectHTMLAttributes } from 'react';
import { controlAttributes, FieldWrapper, type LabelledControlProps } from './field-wrapper';

export type SelectProps = LabelledControlProps<SelectHTMLAttributes<HTMLSelectElement>, HTMLSelectElement> & {
  options: readonly string[];
  /** The first, empty choice ("Select a service category"). */
  placeholder: string;
};

/** A labelled native select: works with keyboard, touch and screen readers without extra code. */
export function Select({ id, name, label, options, placeholder, hint, error, optional, ...selectProps }: SelectProps) {
  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error} optional={optional}>
      {(describedBy) => (
        <select
          {...selectProps}
          {...controlAttributes(id, name, optional, error, describedBy)}
          className="app-field__control"
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FieldWrapper>
  );
}
