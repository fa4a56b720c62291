import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldWrapper } from './field-wrapper';

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'children'> & {
  id: string;
  name: string;
  label: ReactNode;
  options: readonly string[];
  /** The first, empty choice ("Select a service category"). */
  placeholder: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled native select: works with keyboard, touch and screen readers without extra code. */
export function Select({ id, name, label, options, placeholder, hint, error, optional, ...selectProps }: SelectProps) {
  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error} optional={optional}>
      {(describedBy) => (
        <select
          {...selectProps}
          id={id}
          name={name}
          required={!optional}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
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
